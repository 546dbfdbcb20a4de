import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, notifySuccess, toaster } from './toaster';

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
});
