import { describe, expect, it } from 'vitest';
import { CAMPAIGNS, formatIssueDate, issuePath } from './archive';

describe('the newsletter archive', () => {
  it('names the two series as the archive always did', () => {
    expect(CAMPAIGNS.dean.label).toBe('Trabajo interior');
    expect(CAMPAIGNS.meta.label).toBe('Metafísica y manifestación');
  });

  it('gives each letter its address under its series', () => {
    expect(issuePath({ series: 'dean', slug: '2025-07-01-el-arte-de-soltar' })).toBe('/newsletter/dean/2025-07-01-el-arte-de-soltar');
  });

  it('writes the date long, in Spanish, on the day it was sent wherever the reader is', () => {
    expect(formatIssueDate('2025-09-05')).toBe('5 de septiembre de 2025');
    expect(formatIssueDate('2025-07-01')).toBe('1 de julio de 2025');
  });
});
