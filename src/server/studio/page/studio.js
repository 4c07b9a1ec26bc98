// The /admin/studio page's editor (src/server/studio/page/page.ts renders its shell). Plain JS,
// served as is like the report's report.js: no build step, and the parents' app never loads it
// (docs/decisions.md). It talks to the Studio API (src/server/studio/routes.ts) with the session's
// CSRF token, which the page carries in data-csrf (the API's address and header in data-api and
// data-csrf-header: src/server/studio/wire.ts). Text goes into the DOM as textContent only.
(() => {
  const root = document.getElementById('studio');
  if (!root) return;
  const API = root.dataset.api || '';
  const csrfHeader = root.dataset.csrfHeader || '';
  const csrf = root.dataset.csrf || '';
  const canPublish = root.dataset.role === 'publisher';
  const $ = (id) => document.getElementById(id);
  const status = $('studio-status');
  const tree = $('file-tree');
  const editor = $('editor');
  const editorHeading = $('editor-heading');
  const conflict = $('conflict');
  const saveButton = $('save');
  const previewButton = $('preview');
  const publishButton = $('publish');
  const problems = $('problems');
  const problemsSummary = $('problems-summary');

  /** The workspace, and the file open with the version it was opened (or last saved) at. */
  const state = { workspace: null, path: null, version: null, saving: false };

  const el = (tag, props = {}, children = []) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key === 'text') node.textContent = value;
      else if (key === 'onclick') node.addEventListener('click', value);
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  };
  const say = (text) => {
    status.textContent = text;
  };

  async function call(method, path, body) {
    const headers = { accept: 'application/json' };
    if (method !== 'GET') headers[csrfHeader] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(API + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (response.status === 401) {
      window.location.assign('/admin/login');
      throw new Error('Logged out');
    }
    const data = await response.json().catch(() => ({}));
    return { status: response.status, ok: response.ok, data };
  }

  async function openWorkspace() {
    const list = await call('GET', '/workspaces');
    const open = (list.data.workspaces || []).filter((w) => w.publishedReleaseId === null).sort((a, b) => b.id - a.id)[0];
    if (open) return open;
    const made = await call('POST', '/workspaces', { from: 'live' });
    if (!made.ok) throw new Error(made.data.error || `Could not make a workspace (${made.status}).`);
    return made.data;
  }

  async function showTree() {
    const answer = await call('GET', `/workspaces/${state.workspace.id}`);
    if (!answer.ok) throw new Error(answer.data.error || `Could not list the files (${answer.status}).`);
    tree.replaceChildren(
      ...answer.data.folders.flatMap((folder) => [
        el('h3', { text: folder.path }),
        el(
          'ul',
          {},
          folder.files.map((file) =>
            el('li', {}, [el('button', { type: 'button', 'data-path': file.path, 'aria-label': `Open ${file.path}`, text: file.name, onclick: () => openFile(file.path) })]),
          ),
        ),
      ]),
    );
  }

  function markOpen(path) {
    for (const button of tree.querySelectorAll('button[data-path]')) {
      if (button.dataset.path === path) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  }

  async function openFile(path) {
    const answer = await call('GET', `/workspaces/${state.workspace.id}/file?path=${encodeURIComponent(path)}`);
    if (!answer.ok) return say(answer.data.error || `Could not open ${path}.`);
    showText(path, answer.data.text, answer.data.version);
    say(`Opened ${path}.`);
    editor.focus();
  }

  function showText(path, text, version) {
    state.path = path;
    state.version = version;
    editor.value = text;
    editor.disabled = false;
    editorHeading.textContent = path;
    saveButton.disabled = false;
    conflict.hidden = true;
    conflict.replaceChildren();
    markOpen(path);
  }

  async function save() {
    if (!state.path || state.saving) return;
    state.saving = true;
    saveButton.disabled = true;
    say(`Saving ${state.path}…`);
    try {
      const text = editor.value;
      const answer = await call('PUT', `/workspaces/${state.workspace.id}/file`, { path: state.path, text, baseVersion: state.version });
      if (answer.status === 409 && answer.data.reason === 'conflict') return showConflict(answer.data);
      if (!answer.ok) return say(answer.data.error || `Not saved (${answer.status}).`);
      state.version = answer.data.version;
      say(answer.data.unchanged ? `${state.path} had no changes.` : `Saved ${state.path}.`);
      await check();
    } finally {
      state.saving = false;
      saveButton.disabled = !state.path;
    }
  }

  /** Someone saved the file since it was opened: both versions side by side, and a way to keep either. */
  function showConflict(answer) {
    const theirs = answer.theirs;
    const yours = answer.yours.text;
    const who = theirs ? `${theirs.savedBy}, ${new Date(theirs.savedAt).toLocaleString()}` : 'deleted';
    say(`${answer.path} was saved by someone else since you opened it: nothing was written. Choose the version to keep.`);
    conflict.replaceChildren(
      el('h3', { text: `Two versions of ${answer.path}` }),
      el('div', { class: 'studio-versions' }, [
        el('section', { 'aria-label': 'Their version' }, [el('h4', { text: `Theirs (${who})` }), el('pre', { tabindex: '0', text: theirs ? theirs.text : '' })]),
        el('section', { 'aria-label': 'Your version' }, [el('h4', { text: 'Yours (not saved)' }), el('pre', { tabindex: '0', text: yours })]),
      ]),
      el('div', { class: 'studio-toolbar' }, [
        el('button', {
          type: 'button',
          text: 'Keep theirs',
          onclick: () => {
            showText(answer.path, theirs ? theirs.text : '', theirs ? theirs.version : null);
            say(`Kept their version of ${answer.path}.`);
          },
        }),
        el('button', {
          type: 'button',
          class: 'secondary',
          text: 'Keep mine and save',
          onclick: () => {
            showText(answer.path, yours, theirs ? theirs.version : null);
            save();
          },
        }),
      ]),
    );
    conflict.hidden = false;
  }

  function problemItem(d) {
    const where = d.line ? `${d.file}:${d.line}:${d.column}` : d.file;
    const children = [
      el('button', { type: 'button', class: 'secondary', 'aria-label': `Go to ${where}`, text: where, onclick: () => goTo(d) }),
      ' ',
      el('strong', { text: d.code || d.severity }),
      ` ${d.message}`,
    ];
    // docs/errors.md is not served: the address names the page and section an operator reads in the repository.
    if (d.docs) children.push(' — see ', el('code', { text: d.docs }));
    return el('li', { class: d.severity === 'error' ? 'error-item' : '' }, children);
  }

  async function goTo(d) {
    if (d.file !== state.path) await openFile(d.file);
    if (!d.line || state.path !== d.file) return;
    const lines = editor.value.split('\n');
    let at = 0;
    for (let i = 0; i < d.line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    at += Math.max(0, (d.column || 1) - 1);
    editor.focus();
    editor.setSelectionRange(at, at);
  }

  async function check() {
    problemsSummary.textContent = 'Checking…';
    const answer = await call('POST', `/workspaces/${state.workspace.id}/check`);
    if (!answer.ok) {
      problemsSummary.textContent = answer.data.error || `The check failed (${answer.status}).`;
      return;
    }
    showProblems(answer.data.diagnostics || []);
  }

  function showProblems(list) {
    problems.replaceChildren(...list.map(problemItem));
    const errors = list.filter((d) => d.severity === 'error').length;
    problemsSummary.textContent = list.length === 0 ? 'No problems.' : `${errors} error(s), ${list.length - errors} warning(s).`;
  }

  async function preview() {
    say('Making a preview…');
    const answer = await call('POST', `/workspaces/${state.workspace.id}/preview`);
    if (answer.status === 422 && answer.data.diagnostics) {
      showProblems(answer.data.diagnostics);
      return say('No preview while the check finds errors: fix the problems listed below.');
    }
    if (!answer.ok) return say(answer.data.error || `No preview (${answer.status}).`);
    window.open(answer.data.previewUrl, '_blank', 'noopener');
    say(`Preview opened: ${answer.data.previewUrl}`);
  }

  /** Asks for the release's message in a small form, then publishes. */
  function askToPublish() {
    if (!canPublish || document.getElementById('publish-form')) return;
    const input = el('input', { id: 'publish-message', type: 'text', required: '' });
    const form = el('form', { id: 'publish-form', class: 'field' }, [
      el('label', { for: 'publish-message', text: 'Release message (what changed, for the history)' }),
      input,
      el('div', { class: 'studio-toolbar' }, [
        el('button', { type: 'submit', text: 'Publish now' }),
        el('button', { type: 'button', class: 'secondary', text: 'Cancel', onclick: () => form.remove() }),
      ]),
    ]);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const message = input.value.trim();
      if (!message) return input.focus();
      say('Publishing…');
      const answer = await call('POST', `/workspaces/${state.workspace.id}/publish`, { message });
      if (!answer.ok) {
        if (answer.data.diagnostics) showProblems(answer.data.diagnostics);
        return say(answer.data.error || `Not published (${answer.status}).`);
      }
      form.remove();
      say(answer.data.unchanged ? 'Nothing to publish: the files are the live release\'s.' : `Published release ${answer.data.id}. This workspace is now read-only; reload the page for a new one.`);
      saveButton.disabled = true;
      editor.disabled = true;
    });
    publishButton.after(form);
    input.focus();
  }

  saveButton.addEventListener('click', save);
  previewButton.addEventListener('click', preview);
  if (canPublish) publishButton.addEventListener('click', askToPublish);
  editor.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 's') {
      event.preventDefault();
      save();
    }
  });

  openWorkspace()
    .then(async (workspace) => {
      state.workspace = workspace;
      await showTree();
      previewButton.disabled = false;
      say(`Workspace ${workspace.id}, from release ${workspace.baseId}. Choose a file to edit.`);
      await check();
    })
    .catch((error) => say(error.message));
})();
