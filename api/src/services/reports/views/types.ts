export type ViewColumn = { field: string; headerName: string; type: 'string' | 'number' | 'date' | 'dateTime'; expr: string };

/**
 * A database view: its joins (`from`), the column holding its store (scope) and its date (range),
 * the rows it keeps (`only`), what search matches, its columns, and the column its chart counts.
 * Expressions are fixed SQL written here, never user input.
 */
export type ViewDefinition = {
  from: string;
  store: string;
  only?: string;
  date: string;
  search: string[];
  columns: ViewColumn[];
  defaultSort: string;
  /** The chart: one expression counted per value; `byLabel` keeps the bars in label order (days). */
  chart?: { title: string; expr: string; byLabel?: boolean };
};

export const CUSTOMER_NAME = "trim(c.first_name || ' ' || c.last_name)";
export const VEHICLE = "concat_ws(' ', v.year, v.make, v.model)";
export const instant = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
export const day = (expr: string) => `to_char(${expr}, 'YYYY-MM-DD')`;
