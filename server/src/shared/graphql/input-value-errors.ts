/**
 * GraphQL's own refusals of an input value (a variable that does not fit its declared type, a literal
 * argument of the wrong type) speak English ("DateTime cannot represent an invalid date-time-string").
 * Their codes stay (BAD_USER_INPUT for variables, GRAPHQL_VALIDATION_FAILED for literals), so
 * integrators' programs keep working; the message becomes German, naming the variable or the value
 * and what the type takes.
 */

/** What a value of the type looks like, in German; the schema's own scalars and GraphQL's. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  DateTimeISO: 'ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z)',
  DateTime: 'ein Zeitpunkt nach ISO 8601 (z. B. 2027-03-01T10:00:00Z)',
  Int: 'eine ganze Zahl',
  Float: 'eine Zahl',
  Boolean: 'true oder false',
  String: 'ein Text',
  ID: 'eine Kennung (Text)',
  JSON: 'ein JSON-Wert',
  JSONObject: 'ein JSON-Objekt',
};

/** The German words for a GraphQL type reference ("[ID!]!", "DateTimeISO"). */
function expected(typeName: string): string {
  const list = /^\[(.+?)!?\]!?$/.exec(typeName);
  if (list) return `eine Liste, je Eintrag ${expected(list[1])}`;
  const named = typeName.replace(/!$/, '');
  return TYPE_WORDS[named] ?? `ein Wert vom Typ ${named}`;
}

const RULES: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [/^Variable "\$(\w+)" of required type "([^"]+)" was not provided\.$/, ([, name, type]) => `Die Variable $${name} fehlt; erwartet wird ${expected(type)}.`],
  [/^Variable "\$(\w+)" of non-null type "([^"]+)" must not be null\.$/, ([, name, type]) => `Die Variable $${name} darf nicht null sein; erwartet wird ${expected(type)}.`],
  [/^Variable "\$(\w+)" got invalid value .*?; Field "(\w+)" of required type "([^"]+)" was not provided\./s, ([, name, field, type]) => `In der Variable $${name} fehlt das Feld ${field}; erwartet wird ${expected(type)}.`],
  [/^Variable "\$(\w+)" got invalid value .*?; Field "(\w+)" is not defined by type "(\w+)"/s, ([, name, field, type]) => `Die Variable $${name} enthält das Feld ${field}, das ${type} nicht kennt.`],
  [/^Variable "\$(\w+)" got invalid value .*?; Value "([^"]*)" does not exist in "(\w+)" enum/s, ([, name, value, type]) => `Die Variable $${name} enthält den Wert „${value}“, den ${type} nicht kennt.`],
  [/^Variable "\$(\w+)" got invalid value .*?; Expected (?:non-nullable )?type "([^"]+)"/s, ([, name, type]) => `Ungültiger Wert in der Variable $${name}: erwartet wird ${expected(type)}.`],
  [/^Variable "\$(\w+)" got invalid value .*?; (\w+) cannot represent/s, ([, name, type]) => `Ungültiger Wert in der Variable $${name}: erwartet wird ${expected(type)}.`],
  [/^Expected value of type "([^"]+)", found (.+?)(?:;.*)?$/s, ([, type, found]) => `Ungültiger Wert ${found}: erwartet wird ${expected(type)}.`],
  // A literal argument the scalar refuses: the error's location points at it.
  [/^(\w+) cannot represent /, ([, type]) => `Ungültiger Wert: erwartet wird ${expected(type)}.`],
  [/^Value "([^"]*)" does not exist in "(\w+)" enum/, ([, value, type]) => `Den Wert „${value}“ kennt ${type} nicht.`],
];

/** The German message for GraphQL's refusal of an input value, or undefined when the message is none. */
export function germanInputValueMessage(code: unknown, message: string): string | undefined {
  if (code !== 'BAD_USER_INPUT' && code !== 'GRAPHQL_VALIDATION_FAILED') return undefined;
  for (const [pattern, say] of RULES) {
    const match = pattern.exec(message);
    if (match) return say(match);
  }
  return undefined;
}
