import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, notifySuccess, TOAST_GROUP_STYLE, TOAST_MAX, toaster } from './toast-store';

describe('toasts', () => {
  afterEach(() => { toaster.remove(); });

  it('an error toast without an id still gets one (zag-js throws on an undefined id and blanked the app)', () => {
    notifyError('This email is already in use');
    const [toast] = toaster.getVisibleToasts();
    expect(toast).toMatchObject({ type: 'error', title: 'This email is already in use' });
    expect(typeof toast?.id).toBe('string');
    expect(toast?.id).not.toBe('');
  });

  it('an error toast with an id shows once however often it is raised', () => {
    notifyError('Unauthorized', 'unauthorized');
    notifyError('Unauthorized', 'unauthorized');
    expect(toaster.getVisibleToasts().map((t) => [t.id, t.title])).toEqual([['unauthorized', 'Unauthorized']]);
  });

  it('success toasts get their own ids', () => {
    notifySuccess('User created');
    notifySuccess('Email updated');
    const ids = toaster.getVisibleToasts().map((t) => t.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
  });
  it('a newer error with the same id replaces the older one, reference included', () => {
    notifyError('Something went wrong. Please try again later', 'failed:profile.updateTag', 'Reference: r-1');
    notifyError('The connection failed. Check your internet connection and try again.', 'failed:profile.updateTag');
    expect(toaster.getVisibleToasts().map((t) => [t.title, t.description])).toEqual([
      ['The connection failed. Check your internet connection and try again.', undefined],
    ]);
  });

  it('at most three toasts show at once, at the bottom left, below the layer of menus over them', () => {
    for (let i = 0; i < 5; i += 1) notifyError(`failure ${i}`);
    expect(toaster.getVisibleToasts()).toHaveLength(TOAST_MAX);
    expect(TOAST_MAX).toBe(3);
    expect(toaster.attrs.placement).toBe('bottom-start');
    expect(TOAST_GROUP_STYLE.zIndex).toBe('var(--chakra-z-index-toast)');
  });
});

