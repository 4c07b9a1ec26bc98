import { describe, expect, it } from 'vitest';
import { error, warning } from '../../../src/compiler/diagnostic.ts';
import { formatReport, summaryLine } from '../../../src/compiler/report.ts';
import { checkCase } from './helpers.ts';

describe('the report', () => {
  it('has no colour unless asked (for a terminal), and then colours severity and carets', () => {
    const { result } = checkCase('unknown-block-type');
    const plain = formatReport(result.diagnostics, result.files);
    expect(plain).not.toContain('\x1b[');
    const coloured = formatReport(result.diagnostics, result.files, { color: true });
    expect(coloured).toContain('\x1b[31m\x1b[1merror:\x1b[22m\x1b[39m');
    expect(coloured).toContain('\x1b[31m^^^^^^^\x1b[39m');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI colour codes (ESC [ n m) the report writes
    expect(coloured.replace(/\x1b\[\d+m/g, '')).toBe(plain);
  });

  it('sorts by file, line and column, and counts errors and warnings', () => {
    const d = [
      warning('b.yaml', [], 'W.', { at: 'file' }),
      error('a.yaml', [], 'E2.', { at: 'file' }),
      error('a.yaml', [], 'E1.', { at: 'file' }),
    ];
    expect(formatReport(d, [])).toBe(
      'a.yaml: error: E1.\n\na.yaml: error: E2.\n\nb.yaml: warning: W.\n\n2 errors and 1 warning in 0 files.\n',
    );
  });

  it('words the summary for one or many', () => {
    expect(summaryLine([], 1)).toBe('All 1 config file is valid.');
    expect(summaryLine([error('a', [], 'x')], 1)).toBe('1 error in 1 file.');
    expect(summaryLine([warning('a', [], 'x'), warning('a', [], 'y')], 3)).toBe('All 3 config files are valid, with 2 warnings.');
  });
});
