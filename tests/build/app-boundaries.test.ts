import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * src-web holds two applications (docs/architecture.md, « src-web : deux applications ») and
 * the lint keeps them apart: these run the project's own ESLint configuration on an import
 * written into a real file of each folder, as a newcomer's change would be.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: ROOT,
  // Only the import rules are asked about: no type information (a whole TypeScript program)
  // is needed to answer, which keeps this light on a loaded machine.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function restrictedImports(file: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const probe = imported;\n`, {
    filePath: path.join(ROOT, file),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the two apps of src-web stay apart', { timeout: 60_000 }, () => {
  it('refuses the owner’s app in the public site', async () => {
    const messages = await restrictedImports(
      'src-web/site/contact-link.ts',
      "import { AdminApp as imported } from '../admin/admin-app.tsx';",
    );
    expect(messages.join('\n')).toContain('never imports the owner’s app');
  });

  it('refuses the public site in the owner’s app', async () => {
    const messages = await restrictedImports(
      'src-web/admin/admin-app.tsx',
      "import { PublicPage as imported } from '../site/public-page.tsx';",
    );
    expect(messages.join('\n')).toContain('never imports the public site');
  });

  it('refuses either app in a folder both use', async () => {
    const messages = await restrictedImports(
      'src-web/components/icon.tsx',
      "import { PublicPage as imported } from '../site/public-page.tsx';",
    );
    expect(messages.join('\n')).toContain('import neither src-web/site nor src-web/admin');
  });

  it('lets both apps use the shared folders', async () => {
    for (const file of ['src-web/site/contact-link.ts', 'src-web/admin/admin-app.tsx']) {
      const from = path.relative(path.dirname(path.join(ROOT, file)), path.join(ROOT, 'src-web'));
      expect(
        await restrictedImports(
          file,
          `import { Icon as imported } from '${from}/components/icon.tsx';`,
        ),
      ).toEqual([]);
    }
  });
});
