import { useRef, useState } from 'react';

/** The name on the card: what the parent typed, and whether it was found missing. */
export function useCardholderName() {
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  return {
    name,
    invalid,
    input,
    /** The parent typed: the mark of a missing name goes. */
    change(value: string) {
      setName(value);
      setInvalid(false);
    },
    markMissing() {
      setInvalid(true);
    },
    focus() {
      input.current?.focus();
    },
  };
}

export type Cardholder = ReturnType<typeof useCardholderName>;
