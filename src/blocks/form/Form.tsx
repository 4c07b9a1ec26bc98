import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useContext, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type UseFormReturn, useForm } from 'react-hook-form';
import { evaluateCondition } from '../../language/evaluate/conditions.ts';
import type { Field } from '../../language/schema/fields.ts';
import { runActions } from '../../runtime/actions.ts';
import { ScreenSignal, useCopy, useFacts, useInteractive, useRuntime } from '../../runtime/context.tsx';
import { compileRules, type FormValues } from '../../runtime/forms/compileRules.ts';
import { checkSequence } from '../../runtime/forms/rules.ts';
import { formatPromoCode } from '../../runtime/promoCode.ts';
import { RichText } from '../../runtime/ui/RichText.tsx';
import type { BlockProps } from '../types.ts';

/** A validation message stays this long unless the form says otherwise. */
const DEFAULT_ERROR_MS = 5000;

const inputType = { email: 'email', password: 'password', text: 'text', promoCode: 'text' } as const;

const isBlank = (v: unknown) => v === undefined || v === null || v === false || String(v).trim() === '';

function defaultValue(field: Field): string | boolean {
  if (field.type === 'checkbox') return field.default === true;
  return typeof field.default === 'string' ? field.default : '';
}

/**
 * The form block (its own chunk): fields from the config, their rules compiled to one zod
 * schema driving react-hook-form. An invalid submit shows the first failing rule (checkOrder,
 * else field order) as an error notification and marks its field; a valid one runs onSubmit.
 */
export default function FormBlock({ block }: BlockProps<'form'>) {
  const rt = useRuntime();
  const t = useCopy();
  const facts = useFacts();
  const signal = useContext(ScreenSignal);
  const visible = block.fields.filter((f) => f.type !== 'hidden' && evaluateCondition(f.when, facts));
  const visibleNames = visible.map((f) => f.name).join(',');
  // Recompiled when the visible fields or the language change.
  const schema = useMemo(() => {
    const shown = new Set(visibleNames.split(','));
    return compileRules(
      block.fields.filter((f) => shown.has(f.name)),
      block.checkOrder,
      t,
    );
  }, [visibleNames, block, t]);
  const form = useForm<FormValues>({
    defaultValues: Object.fromEntries(block.fields.map((f) => [f.name, defaultValue(f)])),
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    // Errors change on submit and on blur only; typing in a marked field clears its mark.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [busy, setBusy] = useState(false);
  // A double click must not submit twice (the disabled button only shows after a render).
  const running = useRef(false);
  const lastBlurred = useRef<Record<string, unknown>>({});
  const errorMs = block.errorMs ?? DEFAULT_ERROR_MS;
  const id = (field: string, part = '') => `form-${block.name}-${field}${part}`;

  const markField = (name: string) => form.setError(name, { type: 'manual' });
  const showError = (message: string | undefined) => {
    if (message) rt.notifications.show({ text: message, literal: true, params: {}, level: 'error', ms: errorMs });
  };

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const first = checkSequence(visible, block.checkOrder).find((f) => errors[f.name]);
    if (!first) return;
    // One failing rule at a time, the first in check order; only its field is marked.
    for (const f of visible) if (f.name !== first.name && errors[f.name]) form.clearErrors(f.name);
    showError(errors[first.name]?.message as string | undefined);
    form.setFocus(first.name);
  };

  const onValid = async (values: FormValues) => {
    setBusy(true);
    await runActions(block.onSubmit, rt.services, { form: values, markField, signal });
    if (!signal?.aborted) setBusy(false);
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (running.current) return;
    running.current = true;
    try {
      // A code edited in the middle is formatted as typing at its end would have, so the
      // actions see one form of it.
      for (const f of visible.filter((f) => f.type === 'promoCode')) {
        const typed = String(form.getValues(f.name) ?? '');
        const formatted = formatPromoCode(typed);
        if (formatted !== typed) form.setValue(f.name, formatted);
      }
      // An invisible bot check (reCAPTCHA v3) has nothing to tick: its token is fetched now.
      if (rt.captcha.kind !== 'local')
        for (const f of visible.filter((f) => f.type === 'captcha'))
          form.setValue(f.name, await rt.captcha.getToken(block.name).catch(() => ''));
      await form.handleSubmit(onValid, onInvalid)(e);
    } finally {
      running.current = false;
    }
  };

  const blurred = async (field: Field) => {
    const value = form.getValues(field.name);
    if (isBlank(value)) return;
    if (field.validateOn === 'blur' && !(await form.trigger(field.name))) {
      showError(form.getFieldState(field.name).error?.message);
      return;
    }
    // The same value blurred again does not ask the server again.
    if (!field.onBlur || lastBlurred.current[field.name] === value) return;
    lastBlurred.current[field.name] = value;
    await runActions(field.onBlur, rt.services, { form: form.getValues(), markField, signal });
  };

  const interactive = useInteractive();
  return (
    <form id={block.id} className="form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy || undefined}>
      {visible.map((field) => (
        <FieldView key={field.name} field={field} form={form} id={id} onBlur={() => void blurred(field)} formName={block.name} />
      ))}
      <p className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy || !interactive}>
          {t(busy && block.submitting ? block.submitting : block.submit)}
        </button>
      </p>
    </form>
  );
}

interface FieldViewProps {
  field: Field;
  form: UseFormReturn<FormValues>;
  id: (field: string, part?: string) => string;
  onBlur: () => void;
  formName: string;
}

function FieldView({ field, form, id, onBlur, formName }: FieldViewProps) {
  const t = useCopy();
  const rt = useRuntime();
  const error = form.formState.errors[field.name];
  const errorId = id(field.name, '-error');
  const helpId = id(field.name, '-help');
  const describedBy = [field.help ? helpId : '', error?.message ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const required = field.rules?.some((r) => r.rule === 'required' || r.rule === 'checked') || undefined;
  const label = field.label ? t(field.label) : undefined;
  const a11y = {
    id: id(field.name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required,
    'aria-label': label ? undefined : field.placeholder ? t(field.placeholder) : field.name,
  } as const;
  const reg = form.register(field.name, { onBlur, onChange: () => error && form.clearErrors(field.name) });
  const extras = (
    <>
      {field.help && (
        <p id={helpId} className="field__help">
          {t(field.help)}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="field__error">
          {String(error.message)}
        </p>
      )}
    </>
  );

  if (field.type === 'checkbox' || (field.type === 'captcha' && rt.captcha.kind === 'local')) {
    const captcha = field.type === 'captcha';
    const checked = captcha ? Boolean(form.watch(field.name)) : undefined;
    return (
      <div className={`field field--checkbox${error ? ' field--invalid' : ''}`}>
        {captcha ? (
          <input
            type="checkbox"
            {...a11y}
            name={field.name}
            checked={checked}
            onBlur={reg.onBlur}
            // Registered as a custom field (focus only): its value is the token, not the box's checked state.
            ref={(el) => reg.ref(el && { focus: () => el.focus() })}
            onChange={async (e) => {
              const on = e.currentTarget.checked;
              form.setValue(field.name, on ? await rt.captcha.getToken(formName) : '', { shouldDirty: true });
              if (error) form.clearErrors(field.name);
            }}
          />
        ) : (
          <input type="checkbox" {...a11y} {...reg} />
        )}
        {label && (
          <label htmlFor={a11y.id}>
            <RichText text={label} />
          </label>
        )}
        {extras}
      </div>
    );
  }
  if (field.type === 'captcha') return null; // invisible bot check: nothing to show or tick
  const promo = field.type === 'promoCode';
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      {label && <label htmlFor={a11y.id}>{label}</label>}
      <input
        type={inputType[field.type as keyof typeof inputType] ?? 'text'}
        {...a11y}
        {...reg}
        onChange={(e) => {
          const el = e.currentTarget;
          if (promo && el.selectionStart === el.value.length) el.value = formatPromoCode(el.value);
          void reg.onChange(e);
        }}
        autoComplete={field.autocomplete}
        placeholder={field.placeholder ? t(field.placeholder) : undefined}
        inputMode={field.type === 'email' ? 'email' : undefined}
        autoCapitalize={field.type === 'email' || field.type === 'password' ? 'none' : promo ? 'characters' : undefined}
        spellCheck={field.type === 'email' || promo ? false : undefined}
      />
      {extras}
    </div>
  );
}
