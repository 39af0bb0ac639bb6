import { serviceTypeLabel, type FollowUpCode, type ServiceType } from '@drivebay/shared';

/**
 * What a follow-up says, by code. Short, in the assistant's voice, naming the service so the
 * customer knows which conversation it belongs to; a reply goes to the assistant as any other.
 */
export function followUpText(code: FollowUpCode | 'USER', o: { firstName: string; storeName: string; serviceType: ServiceType }): { subject: string; body: string } {
  const hi = o.firstName ? `Hi ${o.firstName}` : 'Hi';
  const service = serviceTypeLabel(o.serviceType).toLowerCase();
  switch (code) {
    case 'E1':
    case 'S1':
    case 'FU1':
      return { subject: `Your ${service} at ${o.storeName}`, body: `${hi}, just following up from ${o.storeName} about your ${service}. Would you like us to find a time that suits you?` };
    case 'E2':
    case 'S2':
    case 'FU2':
      return { subject: `Still planning your ${service}?`, body: `${hi}, ${o.storeName} here again. We still have openings for your ${service} this week. Reply with a day that works and we will book it.` };
    case 'E3':
    case 'FU3':
      return { subject: `Last reminder from ${o.storeName}`, body: `${hi}, a last note from ${o.storeName} about your ${service}. Reply any time and we will be glad to help.` };
    case 'FUDT':
      return { subject: `Pick a day and time`, body: `${hi}, what day and time would work best for your ${service} at ${o.storeName}?` };
    case 'USER':
      return { subject: `Following up from ${o.storeName}`, body: `${hi}, ${o.storeName} following up as promised about your ${service}. How can we help?` };
  }
}
