/**
 * Blueprint (core, select, datetime) and react-day-picker give some controls fixed English names
 * that no prop changes: "Close" on every dialog and toast, "loading" on busy buttons, "Remove tag",
 * "date picker", the time picker's arrows, the month navigation. Screen readers read them out, so
 * one observer on the document renames them in German as soon as they are rendered (portals
 * included), and no screen has to remember it. Components whose English label comes with a wrong
 * ARIA reference have their own replacement instead (shared/forms/NumericInput, shared/CollapsibleSection).
 */
const timeUnits: Record<string, string> = {
  'hours (24hr clock)': 'Stunden',
  'hours (12hr clock)': 'Stunden',
  minutes: 'Minuten',
  seconds: 'Sekunden',
  milliseconds: 'Millisekunden',
};

/** Every fixed English name of those libraries (found in their sources), with its German name. */
export const germanLabels: Readonly<Record<string, string>> = {
  Close: 'Schließen',
  loading: 'Wird geladen',
  Back: 'Zurück',
  'collapsed breadcrumbs': 'Weitere Pfadelemente',
  steps: 'Schritte',
  'expand section': 'Abschnitt aufklappen',
  'collapse section': 'Abschnitt zuklappen',
  increment: 'Erhöhen',
  decrement: 'Verringern',
  'Remove tag': 'Eintrag entfernen',
  'Open dropdown': 'Auswahl öffnen',
  'selectable options': 'Auswahlmöglichkeiten',
  'Clear selected items': 'Auswahl leeren',
  'Clear filter query': 'Suche leeren',
  'date picker': 'Datumsauswahl',
  'Date picker shortcuts': 'Schnellauswahl',
  timezone: 'Zeitzone',
  'Go to next month': 'Nächster Monat',
  'Go to previous month': 'Vorheriger Monat',
  'Month: ': 'Monat',
  'Year: ': 'Jahr',
  ...Object.fromEntries(
    Object.entries(timeUnits).flatMap(([english, german]) => [
      [english, german],
      [`Increase ${english}`, `${german} erhöhen`],
      [`Decrease ${english}`, `${german} verringern`],
    ]),
  ),
};

/** The German name for one of the libraries' English names; undefined for anything else. */
export function germanLabel(text: string): string | undefined {
  return Object.hasOwn(germanLabels, text) ? germanLabels[text] : undefined;
}

const ATTRIBUTES = ['aria-label', 'title', 'placeholder'];
const SELECTOR = `${ATTRIBUTES.map((name) => `[${name}]`).join(',')},svg title`;

function translateElement(element: Element): void {
  for (const name of ATTRIBUTES) {
    const german = germanLabel(element.getAttribute(name) ?? '');
    if (german) element.setAttribute(name, german);
  }
  // An icon's <title> names it: its text node is changed in place, so React keeps updating the same node.
  if (element.localName === 'title' && element.firstChild?.nodeType === Node.TEXT_NODE) {
    const text = element.firstChild as Text;
    const german = germanLabel(text.data);
    if (german) text.data = german;
  }
}

function translateTree(root: Element): void {
  translateElement(root);
  root.querySelectorAll(SELECTOR).forEach(translateElement);
}

/**
 * Renames the libraries' English labels below `root` now and whenever they appear or change.
 * Mutation observers run before the next paint, so the English names are never shown or announced.
 */
export function keepLibraryLabelsGerman(root: HTMLElement): () => void {
  translateTree(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') translateElement(record.target as Element);
      else if (record.type === 'characterData' && record.target.parentElement) translateElement(record.target.parentElement);
      else
        record.addedNodes.forEach((node) => {
          if (node instanceof Element) translateTree(node);
          else if (record.target instanceof Element) translateElement(record.target);
        });
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRIBUTES });
  return () => observer.disconnect();
}
