import { describe, expect, it } from 'vitest';
import { MERGE_FIELD_GROUPS } from './constants';
import { estDueDatePath, expandMergeFields, insertAtSelection, mergeToken, mergeValue, serviceTypesForBrands, templateBodyToText, textToTemplateBody } from './rules';
import { SERVICE_TYPES } from '../../codes';
import type { MergeValues } from './schemas';

const values: MergeValues = {
  assistant: { firstName: 'Ava', lastName: 'Reyes', email: 'ava@store.example' },
  customer: { firstName: 'Lee', lastName: 'Chan', email: '', cellular: '(718)-555-0110' },
  office: { name: 'Metro Toyota', address: '1 Main St' },
  product: { vin: 'VIN1', make: 'Toyota', year: '2021', model: 'RAV4', soldDate: '04/02/2021', estDueDate: '06/30/2026' },
  service: { lastServiceDate: '01/15/2026', lastServiceMonth: 'January 2026' },
  recall: { campaign: '24V-123', description: 'Fuel pump may fail', type: 'Safety recall' },
};

describe('template bodies', () => {
  it('store newlines as line-break tags and give them back on editing', () => {
    const text = 'Hi\r\nthere\nfriend';
    expect(textToTemplateBody(text)).toBe('Hi<br>there<br>friend');
    expect(templateBodyToText('Hi<br>there<BR/>friend<br />!')).toBe('Hi\nthere\nfriend\n!');
  });
  it('fill merge fields in, empty for missing values, unknown paths as written', () => {
    expect(expandMergeFields('${customer.firstName}, ${product.model} ${customer.email}|${nope.x}', values)).toBe('Lee, RAV4 |${nope.x}');
  });
  it('give the Est Due Date field a mark per service type, all naming the same date', () => {
    expect(estDueDatePath('OIL_CHANGE')).toBe('product.estDueDate_5k');
    expect(estDueDatePath('SALES_TITLE')).toBe('product.estDueDate_0.5k');
    expect(estDueDatePath('STATE_INSPECTION')).toBe('product.estDueDate');
    expect(mergeValue(values, 'product.estDueDate_15k')).toBe('06/30/2026');
    expect(expandMergeFields(mergeToken(estDueDatePath('SALES_TITLE')), values)).toBe('06/30/2026');
  });
  it('name every menu entry with a path that has a value', () => {
    for (const g of MERGE_FIELD_GROUPS) for (const f of g.fields) expect(mergeValue(values, f.path)).toBeDefined();
  });
  it('insert at the caret, replacing a selection', () => {
    expect(insertAtSelection('Hello world', 6, 11, '${customer.firstName}')).toEqual({ text: 'Hello ${customer.firstName}', caret: 27 });
    expect(insertAtSelection('ab', 5, 9, 'X')).toEqual({ text: 'abX', caret: 3 });
  });
});

describe('serviceTypesForBrands', () => {
  it('puts a Toyota store’s own service types first and the other makes’ last, keeping every type once', () => {
    const order = serviceTypesForBrands(['Toyota']);
    expect(order[0]).toBe('TOYOTA_ERROR_ALERT');
    expect(order.slice(-6)).toEqual(['HONDA_OLD_MODEL', 'HONDA_SERVICE_PASS', 'LEXUS_ERROR_ALERT', 'FIRST_SERVICE_GMC', 'FIRST_SERVICE_BUICK', 'FIRST_SERVICE_CHEVROLET']);
    expect(new Set(order)).toEqual(new Set(SERVICE_TYPES));
    expect(order).toHaveLength(SERVICE_TYPES.length);
  });
  it('reads brands in any case, and several at once', () => {
    const order = serviceTypesForBrands([' honda ', 'CHEVROLET', null]);
    expect(order.slice(0, 3)).toEqual(['HONDA_OLD_MODEL', 'HONDA_SERVICE_PASS', 'FIRST_SERVICE_CHEVROLET']);
    expect(order[3]).toBe('SALES_THANKS');
  });
  it('keeps the specification’s order with the brand types last when the brand is unknown', () => {
    expect(serviceTypesForBrands([])[0]).toBe('SALES_THANKS');
    expect(serviceTypesForBrands([]).at(-1)).toBe('FIRST_SERVICE_CHEVROLET');
  });
});
