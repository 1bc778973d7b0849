import { describe, expect, it } from 'vitest';
import { apiPathWebScreens, isApiPathWebScreen } from './web-routes';

describe('web screens under /api (spec §2)', () => {
  it('are the four API screens of the back office', () => {
    expect(apiPathWebScreens).toEqual([
      '/api/inbound',
      '/api/outbound',
      '/api/settings',
      '/api/logs',
    ]);
    for (const path of apiPathWebScreens) expect(isApiPathWebScreen(path)).toBe(true);
  });

  it('leaves every other /api path to the API', () => {
    for (const path of ['/api', '/api/orders', '/api/inbound/1', '/api/logs/', '/api/Inbound']) {
      expect(isApiPathWebScreen(path)).toBe(false);
    }
  });
});
