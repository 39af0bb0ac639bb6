import { describe, expect, it } from 'vitest';
import { SERVER_PATHS, isOfflineRead, sessionCacheKey } from './routes';

const ORIGIN = 'https://drivebay.example';
const isServerPath = (path: string) => SERVER_PATHS.some((p) => p.test(path));

describe('navigation fallback', () => {
  it('answers app pages with the app and leaves the server its own paths', () => {
    for (const page of ['/leadmanager', '/leadmanager/globalinbox', '/templates', '/mailinglist', '/lead-submission/abc', '/swimlane', '/login', '/'])
      expect(isServerPath(page), page).toBe(false);
    for (const server of ['/api/health', '/api', '/user/me', '/collab', '/bridge/x', '/leadmanager/getLeadManagerDataForCompanyOffice', '/servicedealroom/send-message', '/template/1', '/templateCustom', '/templateDynamicParts/2'])
      expect(isServerPath(server), server).toBe(true);
  });
});

describe('isOfflineRead', () => {
  it('keeps the reads the offline screens need, on this origin only', () => {
    const read = (path: string, origin = ORIGIN) => isOfflineRead(new URL(path, origin), ORIGIN);
    expect(read('/api/future-service-interaction?future-service-interaction-id=4')).toBe(true);
    expect(read('/api/svc-message-instance/conversation-history?future_service_interaction_id=4')).toBe(true);
    expect(read('/user/me')).toBe(true);
    expect(read('/api/enterprise')).toBe(true);
    expect(read('/api/enterprise/1/store?bocId=1')).toBe(true);
    expect(read('/api/enterprises')).toBe(false);
    expect(read('/api/drafts?future_service_interaction_id=4')).toBe(false);
    expect(read('/leadmanager/getLeadManagerDataForCompanyOffice')).toBe(false);
    expect(read('/user/me', 'https://elsewhere.example')).toBe(false);
  });
});

describe('sessionCacheKey', () => {
  it('keeps the query and separates sessions without storing the token', async () => {
    const url = `${ORIGIN}/api/svc-message-instance/conversation-history?future_service_interaction_id=4`;
    const a = await sessionCacheKey(url, 'Bearer token-a');
    expect(a).toBe(await sessionCacheKey(url, 'Bearer token-a'));
    expect(a).not.toBe(await sessionCacheKey(url, 'Bearer token-b'));
    expect(a).not.toBe(await sessionCacheKey(`${ORIGIN}/api/svc-message-instance/conversation-history?future_service_interaction_id=5`, 'Bearer token-a'));
    expect(new URL(a).searchParams.get('future_service_interaction_id')).toBe('4');
    expect(a).not.toContain('token-a');
    expect(new URL(await sessionCacheKey(url, null)).searchParams.get('__session')).toBe('none');
  });
});
