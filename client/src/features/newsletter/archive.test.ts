import { describe, expect, it } from 'vitest';
import { ARCHIVE, CAMPAIGNS, findEntry, formatIssueDate, issuePath } from './archive';

/** 'Creencias: el guion que no elegiste' → 'creencias-el-guion-que-no-elegiste'. */
const slugify = (title: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

describe('the newsletter archive', () => {
  it('holds 11 letters from 1 July to 5 September 2025: 6 in dean, 5 in meta', () => {
    expect(ARCHIVE).toHaveLength(11);
    expect(ARCHIVE.filter((entry) => entry.campaign === 'dean')).toHaveLength(6);
    expect(ARCHIVE.filter((entry) => entry.campaign === 'meta')).toHaveLength(5);
    expect(ARCHIVE.at(-1)?.date).toBe('2025-07-01');
    expect(ARCHIVE[0]?.date).toBe('2025-09-05');
  });

  it('is newest first', () => {
    const dates = ARCHIVE.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('names every letter by its date and title, and never twice', () => {
    for (const entry of ARCHIVE) {
      expect(entry.slug).toBe(`${entry.date}-${slugify(entry.title)}`);
      expect(Object.keys(CAMPAIGNS)).toContain(entry.campaign);
    }
    expect(new Set(ARCHIVE.map((entry) => entry.slug)).size).toBe(ARCHIVE.length);
  });

  it('writes dates long, in es-ES, read in UTC', () => {
    expect(formatIssueDate('2025-09-05')).toBe('5 de septiembre de 2025');
    expect(formatIssueDate('2025-07-01')).toBe('1 de julio de 2025');
  });

  it('finds a letter only by its own campaign and slug', () => {
    const first = ARCHIVE.at(-1)!;
    expect(findEntry('dean', '2025-07-01-el-arte-de-soltar')).toBe(first);
    expect(findEntry('meta', '2025-07-01-el-arte-de-soltar')).toBeUndefined();
    expect(findEntry('dean', 'no-existe')).toBeUndefined();
    expect(issuePath(first)).toBe('/newsletter/dean/2025-07-01-el-arte-de-soltar');
  });
});
