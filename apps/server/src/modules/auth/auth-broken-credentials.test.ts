import { describe, expect, it } from 'vitest';
import { createUserAndLogin, useTestApp, XHR } from '../../../test/test-app.js';
import { wrongAnswer } from '../../../test/bad-input.js';

const ctx = useTestApp();

describe('broken credentials', () => {
  it('a broken session cookie is a 401 and a broken login header a 400 or 401, in Polish', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const problems: string[] = [];
    for (const cookie of [
      'SESSION=',
      `SESSION=${'x'.repeat(5000)}`,
      'SESSION=%00',
      'SESSION=%E0%A4%A',
      'SESSION="a',
      '=;;=',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/customer/findAll',
        headers: { ...XHR, cookie },
      });
      if (response.statusCode !== 401 || wrongAnswer(response))
        problems.push(`${cookie.slice(0, 30)}: ${response.statusCode}`);
    }
    for (const authorization of [
      'Basic',
      'Basic !!!',
      `Basic ${base64('bez dwukropka')}`,
      `Basic ${base64('a\u0000b:c')}`,
      `Basic ${base64(`${admin.email}:${'x'.repeat(100_000)}`)}`,
      `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x41]).toString('base64')}`,
      'Bearer abc',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/auth',
        headers: { ...XHR, authorization },
      });
      if (![400, 401].includes(response.statusCode) || wrongAnswer(response)) {
        problems.push(`${authorization.slice(0, 30)}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
