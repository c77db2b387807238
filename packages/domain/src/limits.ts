/** Upper bounds for every free-text input; the database columns use the same numbers. */
export const MAX = {
  short: 100,
  name: 255,
  email: 254,
  password: 128,
  text: 10_000,
  search: 200,
} as const;
