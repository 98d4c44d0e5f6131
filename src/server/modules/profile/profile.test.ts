import { brotliDecompressSync } from 'node:zlib';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { UNITS_TEXT } from '../../../contract/units.js';
import { GENDERS, PROFESSIONS, TITLES, userProfile, type UserProfile } from '../../../contract/profile.js';
import { CHANNELS } from '../../db/change-feed.js';
import { users } from '../../db/schema/index.js';
import { buildPerformer, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';
import { formFields } from '../../../../test/form-data.js';
import { makeImage, multipart } from '../../../../test/media-files.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const getUserData = (p: Performer, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/audition/getUserData', headers: { 'x-auth-token': p.token, ...headers } });
const updateBasicInfo = (p: Performer, fields: Record<string, string>) => {
  const form = formFields(fields);
  return t.app.inject({ method: 'POST', url: '/api/audition/updateBasicInfo', payload: form.payload, headers: { ...form.headers, 'x-auth-token': p.token } });
};
const setVisibility = (p: Performer, visibility: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/audition/updateBasicInfo', payload: { visibility }, headers: { 'x-auth-token': p.token } });
const updateAppearance = (p: Performer, fields: Record<string, string>) => {
  const form = formFields(fields);
  return t.app.inject({ method: 'POST', url: '/api/audition/updateAppearance', payload: form.payload, headers: { ...form.headers, 'x-auth-token': p.token } });
};
const uploadImage = async (p: Performer) => {
  const body = multipart({ filename: 'me.jpg', contentType: 'image/jpeg', body: await makeImage('jpeg') });
  const res = await t.app.inject({ method: 'POST', url: '/api/storage/images?purpose=profile', payload: body.payload, headers: { ...body.headers, 'x-auth-token': p.token } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { url: string }).url;
};

describe('GET /api/audition/getUserData', () => {
  it('answers every field of the profile, unset texts as "", lists as [], numbers as 0', async () => {
    const p = await buildPerformer(t);
    const res = await getUserData(p);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: p._id,
      fname: p.fname,
      email: p.email,
      number: p.number,
      gender: 'Male',
      pronoun: 'Mr.',
      profileUrl: '',
      category: 'Actor',
      visibility: 'public',
      profilePic: '',
      location: '',
      age: '',
      height: '',
      weight: '',
      bodyType: '',
      hairColor: '',
      eyeColor: '',
      photos: [],
      videos: [],
      audios: [],
      subscriptionName: '',
      subscriptionPrice: 0,
      daysLeft: 0,
      // The profile form not saved yet: its defaults are not choices (docs/talent.md).
      profileStated: false,
    });
    expect(res.body).not.toMatch(/argon2|password|tokenVersion/i);
    // The body is serialized without zod: byte for byte what the contract's encoding writes (key order too).
    expect(res.body).toBe(JSON.stringify(userProfile.encode(res.json() as UserProfile)));
  });

  it('answers 304 to a repeated read and 200 after a change', async () => {
    const p = await buildPerformer(t);
    const first = await getUserData(p);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await getUserData(p, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-length'] ?? '0').toBe('0');
    await setVisibility(p, 'private');
    const changed = await getUserData(p, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ visibility: 'private' });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers a browser (br) with the same bytes as a plain read, and the same ETag', async () => {
    const p = await buildPerformer(t);
    // A profile over the 1 KB below which answers go uncompressed.
    const saved = await updateBasicInfo(p, { fname: p.fname, location: 'Pune', gender: 'Male', pronoun: 'Mr.', category: 'Actor', profilePic: '', profileUrl: `https://example.com/${'portfolio/'.repeat(60)}` });
    expect(saved.statusCode).toBe(200);
    const plain = await getUserData(p);
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await getUserData(p, { 'accept-encoding': 'gzip, deflate, br' });
    const again = await getUserData(p, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(Buffer.compare(again.rawPayload, br.rawPayload)).toBe(0);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers['cache-control']).toBe('private, no-cache');
  });

  it('never answers an old body after a change made outside this instance (a row written by another)', async () => {
    const p = await buildPerformer(t);
    for (const name of ['First Name', 'Second Name', 'Third Name']) {
      expect((await getUserData(p)).json()).toMatchObject({ fname: expect.any(String) });
      // Once the change feed has announced the write (as every instance hears it), nothing old is served.
      const announced = new Promise<void>((resolve) => t.ctx.changes.subscribe(CHANNELS.user, (key) => key === p._id && resolve()));
      await t.ctx.db.update(users).set({ fname: name, version: sql`${users.version} + 1` }).where(eq(users.id, p._id));
      await announced;
      const res = await getUserData(p);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ fname: name });
    }
  });

  it('answers reads that arrive together after their users changed (one statement) each with its own profile', async () => {
    const performers = await Promise.all(['ada one', 'bo two', 'cy three', 'di four'].map((fname) => buildPerformer(t, { fname })));
    const studio = await buildStudioAccount(t);
    const ids = performers.map((p) => p._id);
    const announced = new Promise<void>((resolve) => {
      const pending = new Set(ids);
      t.ctx.changes.subscribe(CHANNELS.user, (key) => pending.delete(key) && pending.size === 0 && resolve());
    });
    await t.ctx.db.update(users).set({ location: 'Pune', version: sql`${users.version} + 1` }).where(inArray(users.id, ids));
    await announced;
    const [studioRead, ...reads] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/audition/getUserData', headers: { 'x-auth-token': studio.token } }),
      ...performers.map((p) => getUserData(p)),
    ]);
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(reads.map((r) => r.json())).toEqual(performers.map((p) => expect.objectContaining({ _id: p._id, fname: p.fname, location: 'Pune' })));
    expect(studioRead!.statusCode).toBe(403);
  });

  it('answers a save, then the next read, with the same saved profile', async () => {
    const p = await buildPerformer(t);
    const saved = await setVisibility(p, 'private');
    const read = await getUserData(p);
    expect(read.json()).toEqual(saved.json());
    expect(read.json()).toMatchObject({ visibility: 'private' });
  });

  it('refuses a call without a token with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audition/getUserData' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ msg: MSG.unauthorized });
  });
});

describe('POST /api/audition/updateBasicInfo (form)', () => {
  it('saves the fields and answers the saved profile', async () => {
    const p = await buildPerformer(t);
    const res = await updateBasicInfo(p, {
      fname: 'Asha Rao', location: 'Mumbai', gender: 'Female', profileUrl: 'https://asha.example.com', pronoun: 'Ms.', category: 'Dancer', profilePic: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fname: 'Asha Rao', location: 'Mumbai', gender: 'Female', profileUrl: 'https://asha.example.com', pronoun: 'Ms.', category: 'Dancer' });
    expect((await getUserData(p)).json()).toMatchObject({ fname: 'Asha Rao', category: 'Dancer' });
  });

  it('makes the title, gender and profession choices from the first save on, and keeps the first save\'s moment', async () => {
    const p = await buildPerformer(t);
    expect((await getUserData(p)).json()).toMatchObject({ profileStated: false });
    // Neither the switch nor the appearance form is the profile form (docs/talent.md, "Stated, not defaulted").
    await setVisibility(p, 'private');
    await updateAppearance(p, { fname: p.fname, location: 'Pune', gender: 'Male' });
    expect((await getUserData(p)).json()).toMatchObject({ profileStated: false });
    expect((await updateBasicInfo(p, { fname: p.fname, location: 'Pune', gender: 'Male', pronoun: 'Mr.', category: 'Actor' })).json()).toMatchObject({ profileStated: true });
    const [first] = await t.ctx.db.select({ at: users.profileStatedAt }).from(users).where(eq(users.id, p._id));
    await updateBasicInfo(p, { fname: p.fname, location: 'Pune', gender: 'Female', pronoun: 'Ms.', category: 'Singer' });
    const [again] = await t.ctx.db.select({ at: users.profileStatedAt }).from(users).where(eq(users.id, p._id));
    expect(again!.at).toEqual(first!.at);
  });

  it('applies the defaults Mr., Male and Actor when a choice is empty or missing', async () => {
    const p = await buildPerformer(t);
    await updateBasicInfo(p, { pronoun: 'Mrs.', gender: 'Female', category: 'Singer' });
    const res = await updateBasicInfo(p, { pronoun: '', gender: '' });
    expect(res.json()).toMatchObject({ pronoun: 'Mr.', gender: 'Male', category: 'Actor' });
  });

  it.each([
    ...TITLES.map((v) => ['pronoun', v] as const),
    ...GENDERS.map((v) => ['gender', v] as const),
    ...PROFESSIONS.map((v) => ['category', v] as const),
  ])('accepts %s %s', async (field, value) => {
    const p = await buildPerformer(t);
    const res = await updateBasicInfo(p, { [field]: value });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ [field]: value });
  });

  it.each([
    ['an unknown gender', { gender: 'Robot' }],
    ['an unknown title', { pronoun: 'Dr.' }],
    ['an unknown profession', { category: 'Astronaut' }],
    ['a 10 KB name', { fname: 'x'.repeat(10_240) }],
    ['a picture the server never issued', { profilePic: 'javascript:alert(1)' }],
  ])('refuses %s with 400 { msg } and changes nothing', async (_case, fields) => {
    const p = await buildPerformer(t);
    const before = (await getUserData(p)).json();
    const res = await updateBasicInfo(p, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('msg');
    expect((await getUserData(p)).json()).toEqual(before);
  });

  it('takes a picture the server stored for this user, and refuses another user’s', async () => {
    const owner = await buildPerformer(t);
    const other = await buildPerformer(t);
    const url = await uploadImage(owner);
    expect((await updateBasicInfo(other, { profilePic: url })).statusCode).toBe(400);
    const res = await updateBasicInfo(owner, { profilePic: url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profilePic: url });
    // An empty picture removes it.
    expect((await updateBasicInfo(owner, { profilePic: '' })).json()).toMatchObject({ profilePic: '' });
  });

  it('keeps the name when the form sends none (a blank one is refused: issue 49, item 11)', async () => {
    const p = await buildPerformer(t);
    expect((await updateBasicInfo(p, { location: 'Pune' })).json()).toMatchObject({ fname: p.fname, location: 'Pune' });
  });

  it('only ever changes the caller’s own profile', async () => {
    const a = await buildPerformer(t);
    const b = await buildPerformer(t);
    await updateBasicInfo(a, { fname: 'changed by a', location: 'Delhi' });
    expect((await getUserData(b)).json()).toMatchObject({ fname: b.fname, location: '' });
  });

  it('refuses a call without a token with 401', async () => {
    const form = formFields({ fname: 'x' });
    const res = await t.app.inject({ method: 'POST', url: '/api/audition/updateBasicInfo', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/audition/updateBasicInfo ({ visibility })', () => {
  it('sets private and public', async () => {
    const p = await buildPerformer(t);
    expect((await setVisibility(p, 'private')).json()).toMatchObject({ visibility: 'private' });
    expect((await setVisibility(p, 'public')).json()).toMatchObject({ visibility: 'public' });
  });

  it.each([['hidden'], [''], [true], [null]])('refuses %j with 400 and keeps the old value', async (value) => {
    const p = await buildPerformer(t);
    const res = await setVisibility(p, value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: "Visibility must be 'public' or 'private'" });
    expect((await getUserData(p)).json()).toMatchObject({ visibility: 'public' });
  });
});

describe('POST /api/audition/updateBasicInfo with an empty name', () => {
  it('is refused with "Name is required", not "Saved" keeping the old name (issue 49, item 11)', async () => {
    const p = await buildPerformer(t);
    const res = await updateBasicInfo(p, { fname: '   ', location: 'Pune', gender: 'Male', pronoun: 'Mr.', category: 'Actor' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.required('Name') });
  });
});

describe('POST /api/audition/updateAppearance', () => {
  it('saves the appearance rows with name, location and gender', async () => {
    const p = await buildPerformer(t);
    const res = await updateAppearance(p, {
      fname: p.fname, location: 'Chennai', gender: 'Female', age: '27', height: "5' 6\"", weight: '58 kg', bodyType: 'Athletic', hairColor: 'Black', eyeColor: 'Brown',
    });
    expect(res.statusCode).toBe(200);
    expect((await getUserData(p)).json()).toMatchObject({ location: 'Chennai', gender: 'Female', age: '27', height: "5' 6\"", weight: '58 kg', bodyType: 'Athletic', hairColor: 'Black', eyeColor: 'Brown' });
  });

  it('refuses an age that is not a number (issue 49, item 11), naming the field, and keeps the old one', async () => {
    const p = await buildPerformer(t);
    expect((await updateAppearance(p, { fname: p.fname, location: 'Pune', gender: 'Male', age: '27' })).statusCode).toBe(200);
    for (const age of ['abc', '0', '121', '2.5']) {
      const res = await updateAppearance(p, { fname: p.fname, location: 'Pune', gender: 'Male', age });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.ageInvalid });
    }
    expect((await getUserData(p)).json()).toMatchObject({ age: '27' });
  });

  it('refuses a height or weight that reads as no number, naming the field, and keeps the old ones (issue 49 item 10)', async () => {
    const p = await buildPerformer(t);
    expect((await updateAppearance(p, { fname: p.fname, location: 'Pune', gender: 'Male', height: '178 cm', weight: '154 lb' })).statusCode).toBe(200);
    for (const [fields, field, msg] of [
      [{ height: 'tall' }, 'height', UNITS_TEXT.heightUnreadable],
      [{ height: `5'13"` }, 'height', UNITS_TEXT.heightUnreadable],
      [{ weight: 'slim' }, 'weight', UNITS_TEXT.weightUnreadable],
    ] as const) {
      const res = await updateAppearance(p, { fname: p.fname, location: 'Pune', gender: 'Male', height: '178 cm', weight: '154 lb', ...(fields as Record<string, string>) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg, field });
    }
    expect((await getUserData(p)).json()).toMatchObject({ height: '178 cm', weight: '154 lb' });
    const [row] = await t.ctx.db.select({ cm: users.heightCm, kg: users.weightKg }).from(users).where(eq(users.id, p._id));
    expect(row).toEqual({ cm: 178, kg: 70 });
  });

  it('keeps a text saved before the editor had units when it comes back unchanged, and lets it be replaced', async () => {
    const p = await buildPerformer(t);
    await t.ctx.db.update(users).set({ height: 'tall', weight: 'slim' }).where(eq(users.id, p._id));
    const again = { fname: p.fname, location: 'Pune', gender: 'Male', height: 'tall', weight: 'slim', hairColor: 'Black' };
    expect((await updateAppearance(p, again)).statusCode).toBe(200);
    expect((await getUserData(p)).json()).toMatchObject({ height: 'tall', weight: 'slim', hairColor: 'Black' });
    expect((await updateAppearance(p, { ...again, height: `5'10"`, weight: '70 kg' })).statusCode).toBe(200);
    expect((await getUserData(p)).json()).toMatchObject({ height: `5'10"`, weight: '70 kg' });
    // Once replaced, the old text is new input like any other.
    expect((await updateAppearance(p, again)).statusCode).toBe(400);
  });

  it.each([
    ['an over-long age', { age: '9'.repeat(100) }],
    ['an unknown gender', { gender: 'Robot' }],
  ])('refuses %s with 400 and changes nothing', async (_case, fields) => {
    const p = await buildPerformer(t);
    const before = (await getUserData(p)).json();
    expect((await updateAppearance(p, fields)).statusCode).toBe(400);
    expect((await getUserData(p)).json()).toEqual(before);
  });

  it('refuses a tampered token with 401', async () => {
    const p = await buildPerformer(t);
    const form = formFields({ age: '30' });
    const res = await t.app.inject({ method: 'POST', url: '/api/audition/updateAppearance', payload: form.payload, headers: { ...form.headers, 'x-auth-token': `${p.token}x` } });
    expect(res.statusCode).toBe(401);
  });

  it('answers a malformed form with 400 { msg }', async () => {
    const p = await buildPerformer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/audition/updateAppearance',
      payload: formFields({ age: '30' }).payload,
      headers: { ...formFields({}).headers, 'x-auth-token': p.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.invalidForm });
  });
});
