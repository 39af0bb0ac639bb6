/**
 * Custom templates: the texts the templates view and its editor show, the merge fields the editor
 * inserts, and the sizes the specification fixes.
 */
import type { ServiceType } from '../../codes';

export const TEMPLATE_TEXT = {
  addTitle: 'Add Custom Template',
  updateTitle: 'Update Custom Template',
  titlePlaceholder: 'Type your title',
  deleteConfirm: 'Are you sure want to delete this template?',
  deleted: 'Successfully Deleted',
  updated: 'Successfully Updated',
  added: 'Successfully Added',
  copied: 'Added to your personal templates',
  empty: 'No records available',
  serverError: 'Server Error!',
  addMe: 'Add Me',
  titleRequired: 'Please enter a title',
  bodyRequired: 'Please enter the template text',
  serviceTypeRequired: 'Please select a service type',
} as const;

/** The tabs of the templates view; Personal opens first (spec §9). */
export const TEMPLATE_TABS = ['Personal', 'Group'] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];
export const DEFAULT_TEMPLATE_TAB: TemplateTab = 'Personal';

/** The editor dialog's width and the body's height, in pixels (spec §9). */
export const TEMPLATE_DIALOG_WIDTH = 1000;
export const TEMPLATE_EDITOR_HEIGHT = 200;

/**
 * Whose a template is: one user's (personal), the enterprise's (group), or one store division's
 * (the store templates of /templateCustom).
 */
export const TEMPLATE_KINDS = ['PERSONAL', 'GROUP', 'STORE'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** The `source` filter of the template lists; ALL is every kind the user may use. */
export const TEMPLATE_SOURCES = ['ALL', ...TEMPLATE_KINDS] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

/** The list path segment that stands for every service type at once. */
export const ALL_SERVICE_TYPES = 'ALL';

/** The line break a newline is stored as (spec §3). */
export const TEMPLATE_LINE_BREAK = '<br>';

/**
 * The Est Due Date merge field is per service type (spec §9): the mileage mark the reminder is
 * about. Service types without a mark use the plain field.
 */
export const EST_DUE_DATE_MARKS: Partial<Record<ServiceType, string>> = {
  SALES_THANKS: '0k',
  SALES_TITLE: '0.5k',
  OIL_CHANGE: '5k',
  OIL_CHANGE_10K: '10k',
  OIL_CHANGE_15K: '15k',
  OIL_CHANGE_20K: '20k',
  OIL_CHANGE_25K: '25k',
};

export const EST_DUE_DATE_PATH = 'product.estDueDate';

/** One entry of a merge-field hover menu: what it is called and the path it inserts as ${path}. */
export type MergeField = { label: string; path: string };
export type MergeFieldGroup = { group: 'Assistant' | 'Customer' | 'Office' | 'Product' | 'Service' | 'Recall'; fields: MergeField[] };

/** The hover menus of the editor (spec §2), in their order. */
export const MERGE_FIELD_GROUPS: readonly MergeFieldGroup[] = [
  {
    group: 'Assistant',
    fields: [
      { label: 'First Name', path: 'assistant.firstName' },
      { label: 'Last Name', path: 'assistant.lastName' },
      { label: 'Email', path: 'assistant.email' },
    ],
  },
  {
    group: 'Customer',
    fields: [
      { label: 'First Name', path: 'customer.firstName' },
      { label: 'Last Name', path: 'customer.lastName' },
      { label: 'Email', path: 'customer.email' },
      { label: 'Cellular', path: 'customer.cellular' },
    ],
  },
  {
    group: 'Office',
    fields: [
      { label: 'Name', path: 'office.name' },
      { label: 'Address', path: 'office.address' },
    ],
  },
  {
    group: 'Product',
    fields: [
      { label: 'VIN', path: 'product.vin' },
      { label: 'Make', path: 'product.make' },
      { label: 'Year', path: 'product.year' },
      { label: 'Model', path: 'product.model' },
      { label: 'Sold Date', path: 'product.soldDate' },
      { label: 'Est Due Date', path: EST_DUE_DATE_PATH },
    ],
  },
  {
    group: 'Service',
    fields: [
      { label: 'Last Service Date', path: 'service.lastServiceDate' },
      { label: 'Last Service Month', path: 'service.lastServiceMonth' },
    ],
  },
  {
    group: 'Recall',
    fields: [
      { label: 'Campaign', path: 'recall.campaign' },
      { label: 'Description', path: 'recall.description' },
      { label: 'Type', path: 'recall.type' },
    ],
  },
];
