// The Spanish a person can read that this repository ships: string literals, template texts and JSX text
// of the client, the course, the server, the jobs, the event slices and the scripts (mails, downloads,
// demo seed), plus the newsletter letters (Markdown), the download and meditation scripts and the public HTML.
// Comments, tests and generated type files are not copy and are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface CopyText {
  /** Path from the repository root, with forward slashes. */
  file: string;
  /** Line of the text's first character (1-based). */
  line: number;
  /** The text as the source spells it (JSX text keeps its line breaks). */
  text: string;
}

const ROOTS = ['client/src', 'client/index.html', 'client/public', 'course', 'server', 'jobs', 'events', 'scripts'];
const NOT_COPY = /(?:\.test\.tsx?|\.d\.ts)$|(?:^|\/)(?:node_modules|copy-voice)\//;
const CODE = /\.tsx?$/;
const TEXT = /\.(?:html|txt|md|webmanifest|json)$/;

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  let entries: string[];
  try {
    entries = readdirSync(full, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return [path];
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries.map((entry) => join(path, entry).split('\\').join('/'));
}

function textsOfCode(file: string, source: string): CopyText[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const texts: CopyText[] = [];
  const add = (start: number, text: string) => texts.push({ file, line: sourceFile.getLineAndCharacterOfPosition(start).line + 1, text });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    // JSX text has no trivia: its own first character, line breaks included, is at `pos`.
    if (ts.isJsxText(node)) add(node.pos, node.text);
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.getStart(sourceFile), node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) add(node.getStart(sourceFile), node.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return texts;
}

function textsOfLines(file: string, source: string): CopyText[] {
  return source
    .split('\n')
    .map((text, index) => ({ file, line: index + 1, text }))
    .filter(({ text }) => !(file.endsWith('.txt') && text.startsWith('#')));
}

/** Every piece of shipped Spanish under `root`, file by file. */
export function shippedCopy(root: string): CopyText[] {
  return ROOTS.flatMap((path) => filesUnder(root, path))
    .filter((file) => !NOT_COPY.test(file) && (CODE.test(file) || TEXT.test(file)))
    .sort()
    .flatMap((file) => {
      const source = readFileSync(join(root, file), 'utf8');
      return CODE.test(file) ? textsOfCode(file, source) : textsOfLines(file, source);
    });
}

/** The line of `index` within a text that starts on `line`. */
export function lineOf(copy: CopyText, index: number): number {
  return copy.line + (copy.text.slice(0, index).match(/\n/g)?.length ?? 0);
}
