import { useMemo } from 'react';
import { canEditSharedTemplates, templateBodyToText, type ServiceType } from '@drivebay/shared';
import type { TemplatesSlot } from '../../../features/conversations';
import { TemplatesView, getPopulatedTemplates, getTemplateBody, signedInTemplateSource } from '../../../features/templates';
import { useRemoteData } from '../../../lib/use-remote-data';
import { useLayoutContext } from './layout-context';

export type TemplatePickerProps = {
  interactionId: number;
  /** The BOC's id; without it the editor's sample values are not loaded. */
  companyId: number | null;
  storeId: number;
  serviceType: ServiceType | null;
  customerName: string;
  insert: (text: string) => void;
  close: () => void;
};

/**
 * The signed-in user's personal and group templates for one conversation: Add Me fills the
 * template in for this customer (the populated-template calls) and puts it into the message box.
 */
export function TemplatePicker({ interactionId, companyId, storeId, serviceType, customerName, insert, close }: TemplatePickerProps) {
  const { user } = useLayoutContext();
  const populated = useRemoteData(companyId ? `populated:${interactionId}` : null, (signal) =>
    getPopulatedTemplates({ companyId: companyId!, officeId: storeId, futureServiceInteractionId: interactionId }, signal),
  );
  const source = useMemo(
    () => signedInTemplateSource({ userKey: String(user.userMasterId), enterpriseId: user.enterprise.id, canAddGroup: canEditSharedTemplates(user.roles) }),
    [user],
  );
  return (
    <TemplatesView
      source={source}
      serviceType={serviceType ?? 'ALL'}
      defaultServiceType={serviceType}
      mergeValues={populated.data?.values ?? null}
      sampleLabel={customerName}
      onBack={close}
      addMe={{
        enabled: () => true,
        hint: () => 'Put this template, filled in for this customer, into the message box',
        run: async (row) => {
          const filled = await getTemplateBody(row.id, interactionId);
          insert(templateBodyToText(filled.body));
          close();
        },
      }}
    />
  );
}

/** The inbox composer's template picker, placed into the conversation feature by the route module. */
export const conversationTemplates: TemplatesSlot = ({ interaction, customerName, insert, close }) => (
  <TemplatePicker
    interactionId={interaction.id}
    companyId={interaction.companyId}
    storeId={interaction.storeMaster.id}
    serviceType={interaction.serviceType}
    customerName={customerName}
    insert={insert}
    close={close}
  />
);
