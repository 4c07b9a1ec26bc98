import type { FormFields } from '../defineBlock.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A form block's name and fields, as written (the schema reports what is malformed). */
export function formFieldsOf(props: Record<string, unknown>): FormFields {
  const fields: string[] = [];
  const fieldTypes = new Map<string, string>();
  if (Array.isArray(props.fields))
    for (const f of props.fields) {
      if (!isRecord(f) || typeof f.name !== 'string') continue;
      fields.push(f.name);
      if (typeof f.type === 'string') fieldTypes.set(f.name, f.type);
    }
  return { name: typeof props.name === 'string' ? props.name : 'this form', fields, fieldTypes };
}
