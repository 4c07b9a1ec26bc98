/** JSON the server wrote into the page (`<script type="application/json" id="…">`), or null when there is none or it does not parse. */
export function readPageData<T>(doc: Document, id: string): T | null {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
