/**
 * The sandbox wallets' dialog: a small modal in the page standing in for the PayPal window,
 * the Google Pay sheet or the Apple Pay sheet, where a tester chooses the outcome. Escape (or
 * closing the dialog) counts as `dismissed`.
 */
export type TextFn = (name: string, params?: Record<string, string>) => string;

export interface DialogChoice<C extends string> {
  id: C;
  label: string;
}

let dialogs = 0;

/** `signal`: aborting it closes the dialog, as `dismissed` (the wallet's call was abandoned). */
export function chooseInDialog<C extends string>(o: {
  title: string;
  body: string[];
  choices: DialogChoice<C>[];
  dismissed: C;
  signal?: AbortSignal;
}): Promise<C> {
  return new Promise<C>((resolve) => {
    const id = `sandbox-wallet-${++dialogs}`;
    const dialog = document.createElement('dialog');
    dialog.className = 'sandbox-wallet';
    dialog.setAttribute('aria-labelledby', `${id}-title`);
    const title = document.createElement('h2');
    title.id = `${id}-title`;
    title.className = 'sandbox-wallet__title';
    title.textContent = o.title;
    dialog.append(title);
    for (const line of o.body) {
      const p = document.createElement('p');
      p.className = 'sandbox-wallet__text';
      p.textContent = line;
      dialog.append(p);
    }
    const actions = document.createElement('p');
    actions.className = 'sandbox-wallet__actions';
    let done = false;
    const finish = (choice: C) => {
      if (done) return;
      done = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(choice);
    };
    o.choices.forEach((choice, i) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `button ${i === 0 ? 'button--primary' : 'button--secondary'}`;
      button.textContent = choice.label;
      button.addEventListener('click', () => finish(choice.id));
      actions.append(button);
    });
    dialog.append(actions);
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      finish(o.dismissed);
    });
    dialog.addEventListener('close', () => finish(o.dismissed));
    if (o.signal?.aborted) return finish(o.dismissed);
    o.signal?.addEventListener('abort', () => finish(o.dismissed), { once: true });
    document.body.append(dialog);
    dialog.showModal();
  });
}
