import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [p] : [];
  });
}

describe('accessible names in pt-BR', () => {
  it("every PasswordInput names its show/hide button (Mantine's default is English)", () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const file of sources(root)) {
      const text = fs.readFileSync(file, 'utf8');
      // Each <PasswordInput ... /> (always self-closing: it has no children).
      for (const m of text.matchAll(/<PasswordInput\b([\s\S]*?)\/>/g)) {
        if (!/visibilityToggleButtonProps=/.test(m[1])) offenders.push(`${path.relative(root, file)}: ${m[0].slice(0, 80)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
