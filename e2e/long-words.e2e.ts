/**
 * Nothing overflows at 390 px (docs/screens.md): a 60-character word in every text field a
 * user fills (name, location, about, job title, description) wraps on every screen that
 * shows it.
 */
import { describe } from 'vitest';
import { baseUrl, clearMail, createUser, expectNoOverflow, it, logInAs, newUserInput, PHONE, readCode, shoot } from './harness.js';

const word = (letter: string) => letter.repeat(60);

async function call<T>(method: string, url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }), ...(token ? { 'x-auth-token': token } : {}) },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A studio account whose name, location, description and job are one long word each. */
async function longWordStudio() {
  const input = { ...newUserInput(), fname: `${word('s')} ${Date.now()}` };
  await clearMail(input.email);
  await call('POST', '/api/studio/web/signup', input);
  const otp = await readCode(input.email);
  const { studioId } = await call<{ studioId: string }>('POST', '/api/studio/web/verify-otp', { ...input, otp });
  const { token } = await call<{ token: string }>('POST', '/api/audition/login', { email: input.email, password: input.password });
  await call('POST', '/api/studio/me', { location: word('l'), projectDesc: word('d') }, token);
  const job = await call<{ _id: string }>('POST', '/api/studio/jobs', { title: word('t'), jobType: word('j'), description: word('x'), location: word('w') }, token);
  return { studioId, jobId: job._id, fname: input.fname };
}

describe('a 60-character word', () => {
  it('wraps on every screen at 390 px', async ({ open }) => {
    const studio = await longWordStudio();
    const user = await createUser();
    const basic = new FormData();
    for (const [k, v] of Object.entries({ fname: word('n'), location: word('l'), profileUrl: `https://${word('u')}.example.com` })) basic.append(k, v);
    await call('POST', '/api/audition/updateBasicInfo', basic, user.token);
    const looks = new FormData();
    for (const [k, v] of Object.entries({ fname: word('n'), location: word('l'), bodyType: word('b'), hairColor: word('h').slice(0, 60), eyeColor: word('e') })) looks.append(k, v);
    await call('POST', '/api/audition/updateAppearance', looks, user.token);

    const { page } = await open({ viewport: PHONE });
    const screens: [string, string][] = [
      [`/studio-detail/${studio.studioId}`, 'studio-detail-long'],
      [`/jobs/${studio.jobId}`, 'job-long'],
      ['/jobs', 'jobs-long'],
      [`/studio?q=${encodeURIComponent(studio.fname)}`, 'studio-list-long'],
    ];
    for (const [url, name] of screens) {
      await page.goto(url);
      await page.getByText(word('s'), { exact: false }).first().waitFor();
      await expectNoOverflow(page);
      if (name === 'studio-detail-long') await shoot(page, name);
    }
    // The home search's dropdown too.
    await page.goto('/');
    await page.getByRole('combobox').fill(word('s').slice(0, 20));
    await page.getByRole('option').first().waitFor();
    await expectNoOverflow(page);

    await logInAs(page, user);
    for (const url of ['/profile', '/info', '/apperance', '/editProfile', '/editapperance', '/media/photos', '/subscription', '/settings']) {
      await page.goto(url);
      await page.locator('main h1').first().waitFor();
      await page.waitForTimeout(300);
      await expectNoOverflow(page);
      if (url === '/info') {
        await page.getByText(word('l')).first().waitFor();
        await expectNoOverflow(page);
        await shoot(page, 'info-long');
      }
    }
  });
});
