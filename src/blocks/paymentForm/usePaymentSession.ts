import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { loadPaymentAdapter } from '../../adapters/payment/index.ts';
import type { CardFieldName, CardFieldSetup, CardFields, PaymentAdapter } from '../../adapters/payment/types.ts';
import { useRuntime } from '../../runtime/context.tsx';
import { useBackendData } from '../../runtime/data/useBackendData.ts';
import {
  expirationFormatKey,
  type FormLayout,
  type FormText,
  fieldLabel,
  type PartId,
  type PaymentFormConfig,
  type Wallet,
} from './setup.ts';
import type { PaymentNotices } from './usePaymentNotices.ts';

/** What one showing of the form made, torn down when it goes. */
interface Opened {
  live: boolean;
  adapter?: PaymentAdapter;
  fields?: CardFields;
}

/**
 * The payment adapter the server names, its card fields drawn into the form's boxes, and the
 * wallets it can run here: made once per showing of the form (`shown`), torn down when it goes.
 * Each failure says so with the loading message of its part.
 */
export function usePaymentSession(o: {
  block: PaymentFormConfig;
  layout: FormLayout;
  shown: boolean;
  tx: FormText;
  id: PartId;
  notices: PaymentNotices;
}) {
  const { shown } = o;
  const rt = useRuntime();
  const data = useBackendData();
  const [adapter, setAdapter] = useState<PaymentAdapter | null>(null);
  const [cardFields, setCardFields] = useState<CardFields | null>(null);
  const [wallets, setWallets] = useState<Wallet[]>([]);
  const boxes = useRef<Partial<Record<CardFieldName, HTMLDivElement | null>>>({});
  const fieldEmpty = useRef<Partial<Record<CardFieldName, boolean>>>({});

  const open = useEffectEvent(async (opened: Opened) => {
    const { block, layout, tx, id, notices } = o;
    let made: PaymentAdapter;
    try {
      made = await loadPaymentAdapter({
        adapter: rt.payments?.adapter ?? (() => Promise.resolve('sandbox')),
        backend: { callFunction: data.call },
        captcha: rt.captcha,
        text: tx,
      });
      opened.adapter = made;
      if (!opened.live) return void made.teardown();
      setAdapter(made);
    } catch (e) {
      console.error('[payment] the payment adapter could not load', e);
      if (opened.live) notices.loadFailed('card');
      return;
    }
    try {
      const setups: Partial<Record<CardFieldName, CardFieldSetup>> = {};
      for (const f of layout.hostedFields) {
        const container = boxes.current[f];
        if (container)
          setups[f] = {
            container,
            label: tx(fieldLabel[f]),
            inputId: id(f),
            ...(f === 'expirationDate' ? { placeholder: tx(expirationFormatKey(block)) } : {}),
          };
      }
      const fields = await made.createCardFields({ fields: setups as never, expirationFormat: block.expirationFormat });
      opened.fields = fields;
      if (!opened.live) return void fields.teardown();
      fields.onStateChange((field, state) => {
        fieldEmpty.current[field] = state.isEmpty;
      });
      setCardFields(fields);
    } catch (e) {
      console.error('[payment] the card fields could not load', e);
      if (opened.live) notices.loadFailed('card');
    }
    if (layout.wallets.length === 0) return;
    try {
      const available = await made.availableWallets();
      if (opened.live) setWallets(layout.wallets.filter((w) => available[w]));
    } catch (e) {
      console.error('[payment] the wallets could not load', e);
      if (opened.live) notices.loadFailed(layout.wallets[0]!);
    }
  });

  useEffect(() => {
    if (!shown) return;
    const opened: Opened = { live: true };
    void open(opened);
    return () => {
      opened.live = false;
      void opened.fields?.teardown();
      void opened.adapter?.teardown();
    };
  }, [shown]);

  return {
    adapter,
    cardFields,
    /** The wallets offered that the adapter can run here. */
    wallets,
    /** Where the adapter draws a card field. */
    box: (f: CardFieldName) => (el: HTMLDivElement | null) => {
      boxes.current[f] = el;
    },
    /** Whether the parent typed nothing in the adapter's fields. */
    allEmpty: () => o.layout.hostedFields.every((f) => fieldEmpty.current[f] !== false),
  };
}

export type PaymentSession = ReturnType<typeof usePaymentSession>;
