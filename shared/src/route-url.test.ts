import { describe, expect, it } from 'vitest';
import { API_BASE, buildPath, buildQuery, routeUrl } from './route-url';
import { routes, type RouteId } from './routes';

describe('buildQuery', () => {
  it('drops empty values, joins arrays with commas and encodes', () => {
    expect(buildQuery({ page: 2, limit: 50, q: 'a b&c', none: undefined, nil: null, empty: '', status: ['FULFILLED', 'RTS'] })).toBe(
      '?page=2&limit=50&q=a+b%26c&status=FULFILLED%2CRTS',
    );
    expect(buildQuery({ paid: false, zero: 0 })).toBe('?paid=false&zero=0');
  });

  it('is empty for no query', () => {
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({ a: undefined })).toBe('');
  });
});

describe('buildPath', () => {
  it('fills {params} URI-encoded, so a value can never change the path', () => {
    expect(buildPath('/get-user-to-edit/{id}', { id: 'a/b c?d' })).toBe('/get-user-to-edit/a%2Fb%20c%3Fd');
    expect(buildPath('/get-cities/{tracking_account_id}', { tracking_account_id: 'ü&=#' })).toBe('/get-cities/%C3%BC%26%3D%23');
    expect(buildPath('/x/{a}/y/{b}', { a: '1', b: '..' })).toBe('/x/1/y/..');
    expect(buildPath('/plain', {})).toBe('/plain');
  });

  it('refuses a missing parameter instead of leaving `{id}` in the address', () => {
    expect(() => buildPath('/get-user-to-edit/{id}', {})).toThrow('missing path parameter id');
    expect(() => buildPath('/get-user-to-edit/{id}')).toThrow('missing path parameter id');
  });
});

describe('routeUrl', () => {
  it('is origin, API_BASE and the path of every route of the table', () => {
    expect(API_BASE).toBe('/api/v1');
    for (const id of Object.keys(routes) as RouteId[]) {
      if (routes[id].path.includes('{')) continue;
      expect(routeUrl('', routes[id])).toBe(`/api/v1${routes[id].path}`);
    }
    expect(routeUrl('https://app.dakiya.pk', routes['auth.me'])).toBe('https://app.dakiya.pk/api/v1/me');
  });

  it('fills the params and appends the query', () => {
    expect(routeUrl('', routes['users.get'], { params: { id: 'a/b' } })).toBe('/api/v1/get-user-to-edit/a%2Fb');
    expect(routeUrl('http://localhost:3000', routes['accounts.table'], { query: { page: 2, limit: '' } })).toBe('http://localhost:3000/api/v1/get-accounts-table?page=2');
    expect(routeUrl('', routes['booking.bulkProgress'], { params: { jobId: 'j1' }, query: { x: ['a', 'b'] } })).toBe('/api/v1/bulk-bookings/j1?x=a%2Cb');
  });
});
