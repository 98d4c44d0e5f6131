// The web's class-name scheme (docs/architecture.md, "Styles"): every CSS file but the two
// globals owns the class names that begin with the names its first comment declares, and each
// of its selectors starts with one of them, so no rule of one file matches an element by another
// file's class alone and the order in which lazy chunks load their CSS decides nothing.
// Parsed with lightningcss, the parser Vite's build uses. `npm run lint` runs it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'lightningcss';

/** The files that own the shared classes and element selectors. */
export const GLOBAL_FILES = ['src/web/styles/app.css', 'src/web/styles/tokens.css'];

const OWNS = /^\s*\/\*\s*owns:([^*]*)\*\//;
const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** `entry` owns `name` itself and every name that goes on from it after a `-` or `_`. */
export function ownedBy(entry, name) {
  return name === entry || name.startsWith(`${entry}-`) || name.startsWith(`${entry}_`);
}

/** Returns the owned names a file's first comment declares, or null when it has none. */
export function declaredNames(text) {
  const m = OWNS.exec(text);
  return m ? m[1].trim().split(/\s+/).filter(Boolean) : null;
}

function serialize(components) {
  return components.map((c) => {
    switch (c.type) {
      case 'class': return `.${c.name}`;
      case 'id': return `#${c.name}`;
      case 'type': return c.name;
      case 'universal': return '*';
      case 'nesting': return '&';
      case 'combinator': return { descendant: ' ', child: ' > ', 'next-sibling': ' + ', 'later-sibling': ' ~ ' }[c.value] ?? ` ${c.value} `;
      case 'attribute': return `[${c.name}${c.operation ? `${c.operation.operator === 'equal' ? '=' : c.operation.operator}"${c.operation.value}"` : ''}]`;
      case 'pseudo-element': return `::${c.kind}`;
      case 'pseudo-class': return c.selectors ? `:${c.kind}(${c.selectors.map(serialize).join(', ')})` : `:${c.kind}`;
      default: return `<${c.type}>`;
    }
  }).join('');
}

/** The compound a selector starts with: its components up to the first combinator. */
function leftmost(components) {
  const end = components.findIndex((c) => c.type === 'combinator');
  return end === -1 ? components : components.slice(0, end);
}

function namesIn(components, out = []) {
  for (const c of components) {
    if (c.type === 'class' || c.type === 'id') out.push(c.name);
    if (c.selectors) for (const s of c.selectors) namesIn(s, out);
  }
  return out;
}

/** Parses one file: its style rules' selectors and its @keyframes names, each with its line. */
function parse(file, text) {
  const rules = [];
  const keyframes = [];
  transform({
    filename: file,
    code: Buffer.from(text),
    errorRecovery: true,
    visitor: {
      Rule: {
        style(rule) { for (const s of rule.value.selectors) rules.push({ line: rule.value.loc.line + 1, selector: s }); },
        keyframes(rule) { keyframes.push({ line: rule.value.loc.line + 1, name: rule.value.name.value }); },
      },
    },
  });
  return { rules, keyframes };
}

/**
 * Checks CSS files against the scheme. `files` is [{ file, text }] with paths relative to the
 * repository; `globals` names the global ones. Returns [{ file, line, message }].
 */
export function checkCss(files, globals = GLOBAL_FILES) {
  const problems = [];
  const owners = []; // { entry, file }
  const parsed = files.map(({ file, text }) => ({ file, text, global: globals.includes(file), ...parse(file, text) }));

  for (const f of parsed.filter((p) => !p.global)) {
    const names = declaredNames(f.text);
    if (!names || names.length === 0) {
      problems.push({ file: f.file, line: 1, message: 'the file must start with the comment `/* owns: name … */` naming the classes it owns' });
      f.names = [];
      continue;
    }
    for (const entry of names) {
      if (!NAME.test(entry)) problems.push({ file: f.file, line: 1, message: `"${entry}" is not a lower-case, dash-separated class name` });
      const clash = owners.find((o) => ownedBy(o.entry, entry) || ownedBy(entry, o.entry));
      if (clash) problems.push({ file: f.file, line: 1, message: `"${entry}" overlaps "${clash.entry}", owned by ${clash.file}` });
      owners.push({ entry, file: f.file });
    }
    f.names = names;
  }
  const ownerOf = (name) => owners.find((o) => ownedBy(o.entry, name));

  for (const f of parsed) {
    const owns = (name) => !f.global && f.names.some((entry) => ownedBy(entry, name));
    for (const { line, selector } of f.rules) {
      const text = serialize(selector);
      if (f.global) {
        // A global rule styles no page's class: that page's file owns it.
        for (const name of namesIn(selector)) {
          const o = ownerOf(name);
          if (o) problems.push({ file: f.file, line, message: `"${name}" is owned by ${o.file}: style it there`, selector: text });
        }
        continue;
      }
      if (!startsOwned(leftmost(selector), owns)) {
        problems.push({ file: f.file, line, message: 'the selector starts with no class this file owns (see its `owns:` comment)', selector: text });
      }
    }
    if (!f.global) {
      for (const { line, name } of f.keyframes) {
        if (!owns(name)) problems.push({ file: f.file, line, message: `@keyframes ${name}: the name is not one this file owns` });
      }
    }
  }
  return problems;
}

/**
 * A compound is the file's own when it has a class or id the file owns, or when it is the
 * document (html, body, :root) narrowed by :has() to pages showing the file's own element:
 * `body:has(.pay-overlay[open])`.
 */
function startsOwned(compound, owns) {
  if (compound.some((c) => (c.type === 'class' || c.type === 'id') && owns(c.name))) return true;
  const isRoot = compound.some((c) => (c.type === 'type' && (c.name === 'html' || c.name === 'body')) || (c.type === 'pseudo-class' && c.kind === 'root'));
  const has = compound.filter((c) => c.type === 'pseudo-class' && c.kind === 'has');
  return isRoot && has.length > 0 && has.every((h) => h.selectors.every((s) => startsOwned(leftmost(s[0]?.type === 'combinator' ? s.slice(1) : s), owns)));
}

function cssFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return cssFiles(p);
    return e.name.endsWith('.css') ? [p] : [];
  });
}

/** The web's CSS files under `root` (the repository), as checkCss takes them. */
export function repoCssFiles(root) {
  return cssFiles(path.join(root, 'src/web')).sort().map((p) => ({
    file: path.relative(root, p).split(path.sep).join('/'),
    text: fs.readFileSync(p, 'utf8'),
  }));
}

/** One problem as the check prints it: file:line, what is wrong, and the selector. */
export function formatProblem(p) {
  return `${p.file}:${p.line}: ${p.message}${p.selector ? `: ${p.selector}` : ''}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = repoCssFiles(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkCss(files);
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s) in the CSS class names (docs/architecture.md, "Styles").`);
    process.exit(1);
  }
  console.log(`check-css-names: ${files.length} CSS files follow the naming scheme.`);
}
