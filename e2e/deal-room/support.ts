import type { APIRequestContext } from '@playwright/test';

/** Signs in through the API and returns the token, to create a test's data as a user would. */
export async function apiLogin(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/user/v2/login', { data: { username, password: 'demo' } });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()}`);
  return ((await res.json()) as { authToken: string }).authToken;
}

/** A fresh customer with a conversation in Metro Toyota of Brooklyn, made through the public lead form. */
export async function newConversation(request: APIRequestContext, token: string, first: string, phone: string): Promise<number> {
  const lead = await request.post('/api/lisa/appointment', {
    data: { firstName: first, lastName: 'Tester', customerPhoneNumber: `+1${phone}`, storePhoneNumber: '+17185550101', message: 'I would like to schedule an appointment please.' },
  });
  if (!lead.ok()) throw new Error(`lead: ${lead.status()} ${await lead.text()}`);
  const leads = await request.get(`/leadmanager/getLeadManagerDataForCompanyOffice?companyId=1&officeId=1&divisionId=DIV004&search=${phone}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const page = (await leads.json()) as { content: { id: number; customerMaster: { cellular: string | null } }[] };
  const found = page.content.find((l) => l.customerMaster.cellular === `+1${phone}`);
  if (!found) throw new Error(`no conversation for ${phone}`);
  return found.id;
}

export async function makeLink(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<{ path: string; token: string }> {
  const res = await request.post('/api/landing/links', { data: body, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`link: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { path: string; token: string };
}
