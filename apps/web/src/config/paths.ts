/** Every in-app link is built here, so no URL is glued together by hand elsewhere. */
type Query = Record<string, string | number | null | undefined>;

export function withQuery(path: string, query: Query = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const paths = {
  root: '/',
  login: '/login',
  home: '/home',
  privacy: '/privacy',
  myAccount: '/myAccount',
  logs: '/logs',
  userList: '/userList',
  userAdd: '/userAdd',
  userEdit: (id: number) => withQuery('/userEdit', { id }),
} as const;
