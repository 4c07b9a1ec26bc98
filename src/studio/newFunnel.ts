/**
 * "New funnel" in the toolbar: a dialog to choose a template and fill a form made from its parameters (an input per
 * type, the template's defaults filled in, each description as the field's hint), checked as the checker checks a
 * `with:` value (src/language/schema/template.ts) before it is sent. The server writes the funnel file and its copy
 * file (src/server/studio/newFunnel.ts); the copy file then opens, its empty texts marked by the check.
 */
import { templateParamTypes } from '../language/schema/template.ts';
import type { TemplateChoice, TemplateParamField } from '../server/studio/newFunnel.ts';
import { refusalText } from './api.ts';
import { el } from './dom.ts';
import type { Studio } from './studio.ts';

const NUMERIC = new Set(['price', 'days', 'number']);

function input(param: TemplateParamField, id: string, hint: string): HTMLInputElement {
  const common = { id, name: param.name, 'aria-describedby': hint };
  if (param.type === 'boolean') {
    const box = el('input', { ...common, type: 'checkbox' });
    box.checked = param.default === true;
    return box;
  }
  const field = el('input', {
    ...common,
    type: NUMERIC.has(param.type) ? 'number' : 'text',
    ...(param.type === 'price' ? { step: '0.01', min: '0' } : param.type === 'days' ? { step: '1', min: '0' } : {}),
    ...(param.type === 'id' ? { autocapitalize: 'none', spellcheck: 'false' } : {}),
  });
  if (param.required) field.required = true;
  if (param.default !== undefined) field.value = String(param.default);
  return field;
}

/** The field's value as the funnel file will hold it; undefined when left empty. */
function fieldValue(param: TemplateParamField, field: HTMLInputElement): unknown {
  if (param.type === 'boolean') return field.checked;
  const text = field.value.trim();
  if (text === '') return undefined;
  return NUMERIC.has(param.type) ? Number(text) : text;
}

export function newFunnel(studio: Studio) {
  const button = el('button', { type: 'button', class: 'secondary', id: 'new-funnel', text: 'New funnel', disabled: '' });
  studio.toolbar.append(button);
  const dialog = el('dialog', { id: 'new-funnel-dialog', 'aria-labelledby': 'new-funnel-heading', class: 'studio-dialog' });
  document.body.append(dialog);
  let templates: TemplateChoice[] = [];

  function fieldsOf(template: TemplateChoice, errors: HTMLElement[]) {
    return template.params.map((param) => {
      const id = `param-${param.name}`;
      const hint = `${id}-hint`;
      const error = el('p', { id: `${id}-error`, class: 'error', role: 'alert' });
      error.hidden = true;
      errors.push(error);
      const field = input(param, id, `${hint} ${id}-error`);
      const label = `${param.name}${param.required ? '' : ' (optional)'}`;
      return {
        param,
        field,
        error,
        element: el('div', { class: 'field' }, [
          el('label', { for: id, text: label }),
          field,
          el('p', { id: hint, class: 'muted', text: `${param.description} (${param.type})` }),
          error,
        ]),
      };
    });
  }

  function showForm(template: TemplateChoice) {
    const errors: HTMLElement[] = [];
    const fields = fieldsOf(template, errors);
    const formError = el('p', { class: 'error', role: 'alert' });
    const showError = (name: string, message: string) => {
      const found = fields.find((f) => f.param.name === name);
      if (!found) {
        formError.textContent = message;
        return;
      }
      found.error.textContent = message;
      found.error.hidden = false;
      found.field.setAttribute('aria-invalid', 'true');
    };
    const form = el('form', { id: 'new-funnel-form' }, [
      el('p', { text: template.description }),
      ...fields.map((f) => f.element),
      formError,
      el('div', { class: 'studio-toolbar' }, [
        el('button', { type: 'submit', text: 'Create funnel' }),
        el('button', { type: 'button', class: 'secondary', text: 'Cancel', onclick: () => dialog.close() }),
      ]),
    ]);
    form.noValidate = true;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      formError.textContent = '';
      for (const f of fields) {
        f.error.hidden = true;
        f.field.removeAttribute('aria-invalid');
      }
      const values: Record<string, unknown> = {};
      let wrong = 0;
      for (const { param, field } of fields) {
        const value = fieldValue(param, field);
        const problem =
          value === undefined
            ? param.required
              ? `Required: ${param.description}.`
              : null
            : (templateParamTypes[param.type].safeParse(value).error?.issues[0]?.message ?? null);
        if (problem) {
          showError(param.name, problem);
          wrong++;
        } else if (value !== undefined) values[param.name] = value;
      }
      if (wrong > 0) return fields.find((f) => !f.error.hidden)?.field.focus();
      const answer = await studio.api.call<{
        funnel: { path: string };
        copy: { path: string };
        texts: string[];
        params?: Record<string, string>;
      }>('POST', `/workspaces/${studio.workspace.id}/funnels`, { template: template.name, values });
      if (!answer.ok) {
        for (const [name, message] of Object.entries(answer.data.params ?? {})) showError(name, message);
        if (!answer.data.params) formError.textContent = refusalText(answer, 'The funnel was not made');
        return fields.find((f) => !f.error.hidden)?.field.focus();
      }
      dialog.close();
      await studio.refreshTree();
      await studio.openFile(answer.data.copy.path);
      studio.say(
        `Made ${answer.data.funnel.path} and ${answer.data.copy.path}: ` +
          `write its ${answer.data.texts.length} texts, then save (the empty ones are marked).`,
      );
      await studio.check();
    });
    return form;
  }

  async function open() {
    const answer = await studio.api.call<{ templates: TemplateChoice[] }>('GET', `/workspaces/${studio.workspace.id}/templates`);
    if (!answer.ok) return studio.say(refusalText(answer, 'Could not list the templates'));
    templates = answer.data.templates;
    const choose = el('select', { id: 'new-funnel-template' });
    for (const t of templates) choose.append(el('option', { value: t.name, text: `${t.name} (${t.file})` }));
    const formPlace = el('div');
    const render = () => {
      const chosen = templates.find((t) => t.name === choose.value);
      formPlace.replaceChildren(...(chosen ? [showForm(chosen)] : []));
    };
    choose.addEventListener('change', render);
    dialog.replaceChildren(
      el('h2', { id: 'new-funnel-heading', text: 'New funnel' }),
      el('div', { class: 'field' }, [el('label', { for: 'new-funnel-template', text: 'Template' }), choose]),
      formPlace,
    );
    render();
    dialog.showModal();
    choose.focus();
  }

  button.addEventListener('click', () => void open());
  studio.onReady(() => {
    button.disabled = studio.workspace.publishedReleaseId !== null;
  });
}
