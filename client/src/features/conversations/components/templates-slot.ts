import type { ReactNode } from 'react';
import type { Interaction } from '../api';

/** What the composer's template picker is given: the conversation, and how to fill the message box. */
export type TemplatesSlotProps = {
  interaction: Interaction;
  customerName: string;
  /** Puts a filled-in template into the message box. */
  insert: (text: string) => void;
  close: () => void;
};

/** The template picker, provided by the route module (features do not import each other). */
export type TemplatesSlot = (props: TemplatesSlotProps) => ReactNode;
