import type { CustomTemplate, ServiceType } from '@drivebay/shared';
import type { SessionUser } from '../auth/sessions';
import { canEditTemplate, kindOf, type TemplateRow } from './template-access';

/** The wire shape of a template for this user. */
export function toTemplateDto(t: TemplateRow, user: SessionUser): CustomTemplate {
  return {
    id: t.id,
    templateId: t.id,
    title: t.title,
    body: t.body,
    serviceType: t.serviceType as ServiceType,
    kind: kindOf(t),
    enterpriseId: t.enterpriseId,
    ownerUserId: t.ownerUserId,
    storeId: t.storeId,
    divisionId: t.divisionId,
    canEdit: canEditTemplate(user, t),
    createdOn: t.createdOn.toISOString(),
    updatedOn: t.updatedOn.toISOString(),
  };
}
