import { describe, expect, it } from 'vitest';
import { screenRouteFor } from './preload-signed-in';

describe('screenRouteFor', () => {
  it('finds the screen an address behind the login opens, as the router matches it', () => {
    expect(screenRouteFor('/home')?.path).toBe('/home');
    expect(screenRouteFor('/machineEdit?id=5&activeTab=Map')?.path).toBe('/machineEdit');
    expect(screenRouteFor('/machineExternalList')?.path).toBe('/machineExternalList');
    // The router matches paths in any letter case, and so does this.
    expect(screenRouteFor('/userlist')?.path).toBe('/userList');
  });

  it('finds none for the login, the privacy page or an unknown path', () => {
    expect(screenRouteFor('/login')).toBeUndefined();
    expect(screenRouteFor('/privacy')).toBeUndefined();
    expect(screenRouteFor('/to-nie-istnieje')).toBeUndefined();
  });
});
