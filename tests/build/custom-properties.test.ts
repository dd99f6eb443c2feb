/**
 * The CSS written into each public page: custom properties that no rule reads leave it, those
 * a rule reads (directly or through another property) stay, and nothing else changes.
 */
import { describe, expect, it } from 'vitest';
import { pruneCustomProperties } from '../../scripts/custom-properties.ts';

describe('pruneCustomProperties', () => {
  it('drops unread properties and keeps those a rule reads, even through another one', () => {
    const css = [
      ':root{--bs-blue:#0d6efd;--bs-primary:#0e4c92;--bs-primary-rgb:14,76,146;--unused:1px}',
      '.btn{--bs-btn-bg:var(--bs-primary);--bs-btn-color:#fff;background:var(--bs-btn-bg);color:red}',
    ].join('');
    const pruned = pruneCustomProperties(css);
    expect(pruned).toContain('--bs-primary:#0e4c92');
    expect(pruned).toContain('--bs-btn-bg:var(--bs-primary)');
    expect(pruned).toContain('background:var(--bs-btn-bg)');
    expect(pruned).toContain('color:red');
    for (const gone of ['--bs-blue', '--bs-primary-rgb', '--unused', '--bs-btn-color']) {
      expect(pruned).not.toContain(gone);
    }
  });

  it('drops a property read only by a dropped one, and rules left empty', () => {
    const css =
      ':root{--a:1px;--b:var(--a)}.navbar-dark{--c:#fff}@media (min-width:992px){.x{--d:0}}p{margin:0}';
    expect(pruneCustomProperties(css)).toBe('p{margin:0}');
  });

  it('keeps fallbacks and properties read with spaces inside var()', () => {
    const css =
      ':root{--gap:1rem;--fallback:2rem}.a{gap:var( --gap );margin:var(--none,var(--fallback))}';
    const pruned = pruneCustomProperties(css);
    expect(pruned).toContain('--gap:1rem');
    expect(pruned).toContain('--fallback:2rem');
  });
});
