import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The renderer's layers as `npm run lint` enforces them (eslint.config.js): linted as files
// at these paths would be, with the project's own configuration.

const eslint = new ESLint();
const problems = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'letterdesk/renderer-layers').map((message) => message.message);
};

describe('the renderer layers rule', () => {
  it('refuses a feature importing another feature, at any depth', async () => {
    expect(await problems('src-renderer/features/composer/canvas/X.tsx', "import { PollView } from '../../polls/PollView';\nexport const x = PollView;\n")).toEqual([
      'features/composer imports features/polls: a feature never imports another feature: list what it offers in app/ (the block catalogue or a plug-in slot) and read it from there (docs/architecture.md).',
    ]);
    expect(await problems('src-renderer/features/polls/X.ts', "export { BlockPanel } from '../composer/settings/BlockPanel';\n")).toHaveLength(1);
  });

  it("lets a feature import its own files, ui/, block-kit/ and app/, and tests import testing/", async () => {
    const code = [
      "import { Placeholder } from '../../block-kit/Placeholder';",
      "import { BLOCK_KINDS } from '../../app/block-catalogue';",
      "import { toastError } from '../../ui/toasts';",
      "import { PollView } from './PollView';",
      'export const all = [Placeholder, BLOCK_KINDS, toastError, PollView];',
    ].join('\n');
    expect(await problems('src-renderer/features/polls/X.tsx', code)).toEqual([]);
    expect(await problems('src-renderer/features/polls/X.test.tsx', "export { renderWith } from '../../testing/composer-test-support';\n")).toEqual([]);
    expect(await problems('src-renderer/features/polls/X.tsx', "export { renderWith } from '../../testing/composer-test-support';\n")).toHaveLength(1);
  });

  it('keeps ui/ and block-kit/ below the features', async () => {
    expect(await problems('src-renderer/ui/X.tsx', "export { Placeholder } from '../block-kit/Placeholder';\n")).toEqual([
      'ui imports block-kit: ui/ imports only ui/ (docs/architecture.md).',
    ]);
    expect(await problems('src-renderer/block-kit/X.tsx', "export { PollView } from '../features/polls/PollView';\n")).toHaveLength(1);
  });
});
