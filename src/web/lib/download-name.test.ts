import { describe, expect, it } from 'vitest';
import { downloadName } from './download-name';

describe('downloadName', () => {
  it('takes the UTF-8 name, then the ASCII one, then the fallback', () => {
    const header = `inline; filename="zoe-angstrom-comp-card.pdf"; filename*=UTF-8''${encodeURIComponent('Zoë Ångström comp-card.pdf')}`;
    expect(downloadName(header, 'comp-card.pdf')).toBe('Zoë Ångström comp-card.pdf');
    expect(downloadName('inline; filename="zoe-angstrom-comp-card.pdf"', 'comp-card.pdf')).toBe('zoe-angstrom-comp-card.pdf');
    expect(downloadName(`inline; filename="a.pdf"; filename*=UTF-8''%E0%A4`, 'x.pdf')).toBe('a.pdf');
    expect(downloadName(`inline; filename*=UTF-8''..%2F..%2Fetc.pdf`, 'x.pdf')).toBe('....etc.pdf');
    expect(downloadName(null, 'comp-card.pdf')).toBe('comp-card.pdf');
  });
});
