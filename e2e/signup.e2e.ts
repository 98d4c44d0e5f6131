import { describe, expect } from 'vitest';
import { LIMITS } from '../src/contract/limits.js';
import { MSG } from '../src/contract/messages.js';
import { baseUrl, clearMail, createUser, DESKTOP, expectAccessible, expectFieldProblem, expectToastsClearOfDialog, it, type Open, newUserInput, PHONE, readCode, shoot, toastsOver, toastTexts } from './harness.js';

async function fillSignup(page: import('playwright-core').Page, input: Partial<ReturnType<typeof newUserInput>>) {
  if (input.fname !== undefined) await page.getByLabel('Fullname').fill(input.fname);
  if (input.number !== undefined) await page.getByLabel('Phone No.').fill(input.number);
  if (input.email !== undefined) await page.getByLabel('Email Id').fill(input.email);
  if (input.password !== undefined) await page.getByLabel('Password').fill(input.password);
}

describe('/signup', () => {
  it('signs up with the mailed code, lands on /login, logs in, sees profile and logout, and logs out', async ({ open }) => {
    const { page } = await open();
    const input = newUserInput();
    await clearMail(input.email);
    await page.goto('/signup');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Audition' }).isVisible()).toBe(true);
    await shoot(page, 'signup');
    await expectAccessible(page);

    await fillSignup(page, { ...input, fname: `  ${input.fname.toUpperCase()}`, email: input.email.toUpperCase(), number: `${input.number}ab` });
    expect(await page.getByLabel('Fullname').inputValue()).toBe(input.fname);
    expect(await page.getByLabel('Email Id').inputValue()).toBe(input.email);
    expect(await page.getByLabel('Phone No.').inputValue()).toBe(input.number);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify OTP' });
    await dialog.waitFor();
    expect(await dialog.getByText('Enter verification code').isVisible()).toBe(true);
    await shoot(page, 'signup-otp');
    await expectAccessible(page);

    const code = await readCode(input.email);
    // Type digit by digit: focus moves to the next box by itself.
    await page.getByLabel('Digit 1 of 4').focus();
    await page.keyboard.type(code);
    for (let i = 0; i < 4; i++) expect(await page.getByLabel(`Digit ${i + 1} of 4`).inputValue()).toBe(code[i]);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('created'))).toBe('yes');
    await page.getByLabel('Email').fill(input.email);
    await page.getByLabel('Password').fill(input.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'My profile' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token')?.length ?? 0, localStorage.getItem('id')])).toEqual([expect.any(Number), expect.any(String)]);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.getByRole('link', { name: 'SignUp / LogIn' }).waitFor();
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(0);
  });

  it.for([
    ['an empty field', { fname: 'a b', number: '123456', email: 'x@example.com' }, MSG.fillAllFields],
    ['a short password', { fname: 'a b', number: '123456', email: 'x@example.com', password: 'short' }, MSG.passwordTooShort],
  ] as const)('shows a toast for %s', async ([_case, input, text], { open }) => {
    const { page } = await open();
    await page.goto('/signup');
    await fillSignup(page, input);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => toastTexts(page)).toContain(text);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('marks every wrong field at once, under the field, and still shows the toast (390 px)', async ({ open }) => {
    const { page } = await open({ viewport: { width: 390, height: 844 } });
    await page.goto('/signup');
    await fillSignup(page, { email: 'not-an-email', password: 'short' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => toastTexts(page)).toContain(MSG.fillAllFields);
    await expectFieldProblem(page, 'fname', MSG.required('Fullname'));
    await expectFieldProblem(page, 'number', MSG.required('Phone No.'));
    await expectFieldProblem(page, 'email', MSG.invalidEmail);
    await expectFieldProblem(page, 'password', MSG.passwordTooShort);
    await expect.poll(() => page.locator('#fname').evaluate((el) => el === document.activeElement)).toBe(true);
    await shoot(page, 'signup-field-problems');
    await expectAccessible(page);
    // Typing in a field clears its mark; what was typed stays.
    await page.getByLabel('Fullname').fill('a b');
    expect(await page.locator('#fname').getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByLabel('Email Id').inputValue()).toBe('not-an-email');
  });

  it("shows the server's message when the e-mail is refused", async ({ open }) => {
    const { page } = await open();
    await page.goto('/signup');
    await fillSignup(page, { fname: 'a b', number: '123456', email: 'not-an-email', password: 'long enough pw' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => toastTexts(page)).toContain(MSG.invalidEmail);
    expect(await page.getByLabel('Email Id').inputValue()).toBe('not-an-email');
  });

  it('takes a pasted code, goes back on Backspace, and keeps the modal open on a wrong code', async ({ open }) => {
    const { page } = await open({ viewport: { width: 390, height: 844 } });
    const input = newUserInput();
    await clearMail(input.email);
    await page.goto('/signup');
    await fillSignup(page, input);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('dialog', { name: 'Verify OTP' }).waitFor();
    const code = await readCode(input.email);
    const wrong = code === '0000' ? '1111' : '0000';

    await page.getByLabel('Digit 1 of 4').focus();
    // A focused box shows the same ring as every other field.
    expect(await page.getByLabel('Digit 1 of 4').evaluate((el) => { const s = getComputedStyle(el); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2; })).toBe(true);
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, wrong);
    for (let i = 0; i < 4; i++) expect(await page.getByLabel(`Digit ${i + 1} of 4`).inputValue()).toBe(wrong[i]);

    // Backspace clears the last box, then moves back and clears the one before.
    await page.getByLabel('Digit 4 of 4').focus();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.getByLabel('Digit 3 of 4').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Digit 3 of 4').inputValue()).toBe('');
    await page.keyboard.type(wrong.slice(2));
    await page.getByRole('button', { name: 'Verify' }).click();
    // A wrong code is said inside the dialog with the tries left; the boxes empty and the
    // first takes focus (docs/screens.md, "The code dialog").
    // Said at the boxes (the form kit's FieldError, which every box names in aria-describedby).
    const wrongHere = page.getByRole('dialog', { name: 'Verify OTP' }).locator('#otp-error');
    await expect.poll(() => wrongHere.textContent()).toBe(MSG.otpWrongHere(LIMITS.otpMaxWrongTries - 1));
    // Every box is invalid and names the problem, so a screen reader says it with any box.
    for (let i = 0; i < 4; i++) {
      expect(await page.getByLabel(`Digit ${i + 1} of 4`).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel(`Digit ${i + 1} of 4`).getAttribute('aria-describedby')).toBe('otp-error');
    }
    expect(await page.getByRole('dialog', { name: 'Verify OTP' }).isVisible()).toBe(true);
    for (let i = 0; i < 4; i++) expect(await page.getByLabel(`Digit ${i + 1} of 4`).inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Digit 1 of 4').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => wrongHere.textContent()).toBe(MSG.otpWrongHere(LIMITS.otpMaxWrongTries - 2));
    await expectToastsClearOfDialog(page);
  });
});

describe('the way to the studio sign-up (issue 49 item 21)', () => {
  for (const [width, viewport] of [[390, { width: 390, height: 844 }], [1280, { width: 1280, height: 800 }]] as const) {
    it(`/signup and the home page link to /studio-signup (${width})`, async ({ open }) => {
      const { page } = await open({ viewport, path: '/signup' });
      const fromSignup = page.getByRole('link', { name: 'Create a studio account' });
      await fromSignup.waitFor();
      await fromSignup.click();
      await page.waitForURL('**/studio-signup');
      await page.goto('/');
      const fromHome = page.getByRole('link', { name: 'Create a studio account' });
      await fromHome.waitFor();
      expect(await fromHome.getAttribute('href')).toBe('/studio-signup');
      await shoot(page, `home-studio-signup-${width}`);
    });
  }
});

describe('the Verify OTP modal', () => {
  it('keeps focus inside while Tab cycles, closes on Escape, and returns focus to Sign Up', async ({ open }) => {
    const { page } = await open();
    const input = newUserInput();
    await clearMail(input.email);
    await page.goto('/signup');
    await fillSignup(page, input);
    const signUp = page.getByRole('button', { name: 'Sign Up' });
    await signUp.click();
    const dialog = page.getByRole('dialog', { name: 'Verify OTP' });
    await dialog.waitFor();
    const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
    await expect.poll(() => page.getByLabel('Digit 1 of 4').evaluate((el) => el === document.activeElement)).toBe(true);

    // Close, four digits (Verify is disabled until the code is whole): Tab goes round them and never leaves.
    const visited = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
      visited.add(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''));
    }
    expect([...visited].sort()).toEqual(['Close', 'Digit 1 of 4', 'Digit 2 of 4', 'Digit 3 of 4', 'Digit 4 of 4']);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside()).toBe(true);
    }
    // A native modal: the page behind is inert while it is open.
    expect(await page.evaluate(() => document.querySelector('dialog:modal')?.getAttribute('aria-labelledby'))).toBe('otp-title');
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => signUp.evaluate((el) => el === document.activeElement)).toBe(true);

  });
});

/** At `viewport`, a new user's sign-up up to the open Verify OTP dialog, and the code mailed. */
async function openCodeDialog(open: Open, viewport = { width: 390, height: 844 }) {
  const { page, context } = await open({ viewport });
  const input = newUserInput();
  await clearMail(input.email);
  await page.goto('/signup');
  await fillSignup(page, input);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify OTP' });
  await dialog.waitFor();
  return { page, context, input, dialog, code: await readCode(input.email) };
}

async function typeCode(page: import('playwright-core').Page, code: string) {
  await page.getByLabel('Digit 1 of 4').focus();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('the code flow has no dead end', () => {
  it('Sign Up again while the code is good reopens the dialog, counting down to a new code (390 px)', async ({ open }) => {
    const { page, dialog, code } = await openCodeDialog(open);
    expect(await dialog.getByRole('button', { name: /Send a new code in \d:\d\d/ }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /Send a new code in 0:[0-5]\d/ }).isDisabled()).toBe(true);
    expect(await toastTexts(page)).not.toContain(MSG.otpResendTooSoon);
    await shoot(page, 'signup-otp-countdown');
    await expectAccessible(page);
    await typeCode(page, code);
    await page.waitForURL('**/login');
  });

  it('after 5 wrong codes the dialog says so and Start again goes back to the form, kept (390 px)', async ({ open }) => {
    const { page, input, dialog, code } = await openCodeDialog(open);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      // Each wrong code empties the boxes: it is typed again.
      await page.getByLabel('Digit 1 of 4').focus();
      await page.keyboard.type(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => page.getByTestId('busy-overlay').count()).toBe(0);
    }
    await dialog.getByText(MSG.otpDeadHere).waitFor();
    const startAgain = dialog.getByRole('button', { name: MSG.otpStartAgain });
    await expect.poll(() => startAgain.evaluate((el) => el === document.activeElement)).toBe(true);
    // The server's toast about the dead code stands clear of the dialog's main button (docs/screens.md, "Toasts").
    await expect.poll(() => toastTexts(page)).not.toEqual([]);
    expect(await toastsOver(startAgain)).toEqual([]);
    await shoot(page, 'signup-otp-dead');
    await expectAccessible(page);
    await startAgain.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Email Id').inputValue()).toBe(input.email);
    expect(await page.getByLabel('Password').inputValue()).toBe(input.password);
    // Within the minute Sign Up reopens the dialog on the dead code's note, with its countdown.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByText(MSG.otpDeadHere).waitFor();
    expect(await dialog.getByRole('button', { name: /Send a new code in/ }).isDisabled()).toBe(true);
  });

  it('login with the password of an unconfirmed sign-up offers a code, and finishes the sign-up and the login', async ({ open }) => {
    const { page } = await open({ viewport: { width: 390, height: 844 } });
    const input = newUserInput();
    await clearMail(input.email);
    await fetch(`${baseUrl()}/api/audition/web/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
    const code = await readCode(input.email);
    await page.goto('/login');
    await page.getByLabel('Email').fill(input.email);
    await page.getByLabel('Password').fill(input.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => toastTexts(page)).toContain(MSG.confirmEmailFirst);
    const offer = page.getByTestId('confirm-first');
    await offer.waitFor();
    await shoot(page, 'login-confirm-first');
    await expectAccessible(page);
    await offer.getByRole('button', { name: MSG.sendCode }).click();
    await page.getByRole('dialog', { name: 'Verify OTP' }).waitFor();
    await typeCode(page, code);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
  });

  it('another password for that e-mail gets the usual wrong-credentials toast and no offer', async ({ open }) => {
    const { page } = await open();
    const input = newUserInput();
    await fetch(`${baseUrl()}/api/audition/web/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
    await page.goto('/login');
    await page.getByLabel('Email').fill(input.email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => toastTexts(page)).toContain(MSG.wrongCredentials);
    expect(await page.getByTestId('confirm-first').count()).toBe(0);
  });

  it('signing up with the e-mail of an account says it exists, with log in and reset links; the old password still works', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: { width: 390, height: 844 } });
    await clearMail(user.email);
    await page.goto('/signup');
    await fillSignup(page, { ...user, password: 'a different password' });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('dialog', { name: 'Verify OTP' }).waitFor();
    await typeCode(page, await readCode(user.email));
    await page.waitForURL('**/login');
    await page.getByText(MSG.accountExists).waitFor();
    const note = page.getByTestId('account-existed');
    expect(await note.getByRole('link', { name: MSG.resetPassword }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByText('Your account is verified').count()).toBe(0);
    await shoot(page, 'login-account-existed');
    await expectAccessible(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('corrected sign-up details (issue 49 item 7)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`a corrected name, phone and password sent again are the account's, and the right code is not refused, at ${viewport.width} px`, async ({ open }) => {
      const { page } = await open({ viewport, path: '/signup' });
      const input = newUserInput();
      await clearMail(input.email);
      await fillSignup(page, input);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      const dialog = page.getByRole('dialog', { name: 'Verify OTP' });
      await dialog.waitFor();
      const code = await readCode(input.email);
      await dialog.getByRole('button', { name: 'Close' }).click();
      const corrected = { fname: `${input.fname} rao`, number: '9123456780', password: 'a-corrected-secret-7' };
      await fillSignup(page, corrected);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      // Within the minute the code already sent is still good: the dialog opens again for it.
      await dialog.waitFor();
      await page.getByLabel('Digit 1 of 4').focus();
      await page.keyboard.type(code);
      await shoot(page, `signup-corrected-${viewport.width}`);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/login');
      const login = async (password: string) =>
        fetch(`${baseUrl()}/api/audition/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: input.email, password }) });
      expect((await login(input.password)).status).toBe(400);
      const answer = await login(corrected.password);
      expect(answer.status).toBe(200);
      const { token } = (await answer.json()) as { token: string };
      const me = await fetch(`${baseUrl()}/api/audition/getUserData`, { headers: { 'x-auth-token': token } });
      expect(await me.json()).toMatchObject({ fname: corrected.fname, number: corrected.number });
    });
  }
});
