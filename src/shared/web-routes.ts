// spec §2: four back-office screens live under /api. A browser navigating there gets the web
// app; any other call under /api is the API (an unknown path answers a JSON 404). The server's
// fallback, the Vite dev proxy and the web's route table all read this one list.

export const apiPathWebScreens = [
  '/api/inbound',
  '/api/outbound',
  '/api/settings',
  '/api/logs',
] as const;

export type ApiPathWebScreen = (typeof apiPathWebScreens)[number];

/** Whether a path (without its query string) is one of the web screens under /api. */
export function isApiPathWebScreen(path: string): path is ApiPathWebScreen {
  return (apiPathWebScreens as readonly string[]).includes(path);
}
