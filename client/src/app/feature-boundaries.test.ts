// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, so this fails if the boundary rule is dropped or loosened.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('feature boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await restrictedImports("import { AiSwitch } from '../../assistant';\nexport { AiSwitch };\n", 'client/src/features/conversations/components/x.tsx');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('features do not import each other');
  });

  it('refuses the same import written from the features folder or a feature root', async () => {
    expect(await restrictedImports("export { InboxPane } from '../../../features/inbox';\n", 'client/src/features/conversations/components/x.ts')).toHaveLength(1);
    expect(await restrictedImports("export { templateRows } from '../templates/api';\n", 'client/src/features/deal-room/x.ts')).toHaveLength(1);
  });

  it('counts the folders: a file of a feature named like another feature is not that feature', async () => {
    // conversations/offline.ts, seen from conversations/components/, is conversations' own file.
    expect(await restrictedImports("export { ConversationOfflineContext } from '../offline';\n", 'client/src/features/conversations/components/x.ts')).toEqual([]);
    expect(await restrictedImports("export { conversationOffline } from '../../offline';\n", 'client/src/features/conversations/components/x.ts')).toHaveLength(1);
    expect(await restrictedImports("export { conversationOffline } from '../../../../offline';\n", 'client/src/features/conversations/components/bubbles/deep/x.ts')).toHaveLength(1);
  });

  it('lets a feature import its own files, the shared package and the client libraries', async () => {
    const code = "export { ConversationHeader } from './components/conversation-header';\nexport { notify } from '../../lib/notices';\nexport { formatPhoneDisplay } from '@drivebay/shared';\n";
    expect(await restrictedImports(code, 'client/src/features/conversations/x.ts')).toEqual([]);
  });

  it('lets a route module import a feature through its index.ts only', async () => {
    const file = 'client/src/app/routes/app/x.tsx';
    expect(await restrictedImports("export { ConversationView } from '../../../features/conversations';\n", file)).toEqual([]);
    const deep = await restrictedImports("export { ConversationView } from '../../../features/conversations/components/conversation-view';\n", file);
    expect(deep).toHaveLength(1);
    expect(deep[0]).toContain('through its index.ts');
  });
});
