// The class-name scheme of the web's CSS (docs/architecture.md, "Styles"), checked by
// scripts/check-css-names.mjs in `npm run lint`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCss, formatProblem, repoCssFiles } from '../scripts/check-css-names.mjs';

const APP = 'src/web/styles/app.css';
const JOBS = 'src/web/pages/jobs/jobs.css';
const STUDIOS = 'src/web/pages/studios/studios.css';

const app = { file: APP, text: '.btn { color: red; }\n.field { display: flex; }\nbody { margin: 0; }\n' };

function lines(files: { file: string; text: string }[]) {
  return checkCss(files).map(formatProblem);
}

describe('check-css-names', () => {
  it("passes the repository's own CSS", () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    expect(lines(repoCssFiles(root))).toEqual([]);
  });

  it('fails two pages that style one class, naming the file, the line and the selector', () => {
    const jobs = { file: JOBS, text: '/* owns: job */\n.job-card { padding: 0; }\n' };
    const studios = { file: STUDIOS, text: '/* owns: studio */\n.studio-banner { color: white; }\n\n.job-card { padding: 1rem; }\n' };
    expect(lines([app, jobs, studios])).toEqual([
      `${STUDIOS}:4: the selector starts with no class this file owns (see its \`owns:\` comment): .job-card`,
    ]);
  });

  it('fails a page that styles a shared class or a bare element, also inside @media', () => {
    const jobs = { file: JOBS, text: '/* owns: job */\n.field { margin: 0; }\n@media (min-width: 600px) {\n  li .job-card { margin: 0; }\n}\n' };
    expect(lines([app, jobs])).toEqual([
      `${JOBS}:2: the selector starts with no class this file owns (see its \`owns:\` comment): .field`,
      `${JOBS}:4: the selector starts with no class this file owns (see its \`owns:\` comment): li .job-card`,
    ]);
  });

  it('passes another file\'s class after an owned one, an owned class with an element, and the document narrowed by :has()', () => {
    const jobs = {
      file: JOBS,
      text: '/* owns: job apply */\n.job-filters .field, a.job-card:hover, .apply-item:has(input:checked) img, #job-title { margin: 0; }\nbody:has(.job-overlay[open]) { overflow: hidden; }\n@keyframes job-spin { to { opacity: 1; } }\n',
    };
    expect(lines([app, jobs])).toEqual([]);
  });

  it('fails the document narrowed by another file\'s class, and a @keyframes name the file does not own', () => {
    const jobs = { file: JOBS, text: '/* owns: job */\nbody:has(.studio-banner) .job-card { margin: 0; }\n@keyframes spin { to { opacity: 1; } }\n' };
    expect(lines([app, jobs])).toEqual([
      `${JOBS}:2: the selector starts with no class this file owns (see its \`owns:\` comment): body:has(.studio-banner) .job-card`,
      `${JOBS}:3: @keyframes spin: the name is not one this file owns`,
    ]);
  });

  it('fails declarations that overlap and a file that declares nothing', () => {
    const jobs = { file: JOBS, text: '/* owns: job */\n.job-card { padding: 0; }\n' };
    const studios = { file: STUDIOS, text: '/* owns: studio job-grid */\n.job-grid { display: grid; }\n' };
    const legal = { file: 'src/web/pages/legal/legal.css', text: '.legal-page { max-width: 72ch; }\n' };
    expect(lines([app, jobs, studios, legal])).toEqual([
      `${STUDIOS}:1: "job-grid" overlaps "job", owned by ${JOBS}`,
      'src/web/pages/legal/legal.css:1: the file must start with the comment `/* owns: name … */` naming the classes it owns',
      'src/web/pages/legal/legal.css:1: the selector starts with no class this file owns (see its `owns:` comment): .legal-page',
    ]);
  });

  it('fails a global rule that styles a class a page owns', () => {
    const globalNav = { file: APP, text: '.btn, .nav { overflow-wrap: normal; }\n' };
    const nav = { file: 'src/web/components/nav-bar.css', text: '/* owns: nav */\n.nav { position: sticky; }\n' };
    expect(lines([globalNav, nav])).toEqual([
      `${APP}:1: "nav" is owned by src/web/components/nav-bar.css: style it there: .nav`,
    ]);
  });
});
