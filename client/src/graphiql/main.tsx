// Monaco's workers first: the editors look for MonacoEnvironment when they start (GraphiQL's documented Vite setup).
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './graphiql.css';
import { GraphiQL } from 'graphiql';
import { StrictMode, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createFetcher } from './fetcher';

const defaultQuery = `# GraphQL-Playground der Buchungsplattform.
# Ohne API-Schlüssel gilt Ihre Anmeldung aus der Anwendung,
# mit einem Schlüssel (Feld oben) gelten seine Rechte.
# Jede Feldbeschreibung nennt die Regel, die es schützt.

query Ich {
  me {
    user { id firstName lastName }
    permissions { instanceOwner allowCreateTenant }
  }
}
`;

/** The header a script sends, as an example for the headers editor. */
const HEADERS_EXAMPLE = '{\n  "Authorization": "Bearer bpt_…"\n}';

function Playground() {
  const [apiToken, setApiToken] = useState('');
  // The fetcher stays the same (GraphiQL refetches the schema when it changes); it reads the current token.
  const token = useRef(apiToken);
  token.current = apiToken;
  const fetcher = useMemo(() => createFetcher(() => token.current), []);
  return (
    <div className="graphiql-page">
      <form className="graphiql-token" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="graphiql-api-token">API-Schlüssel</label>
        <input
          id="graphiql-api-token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="bpt_…"
          value={apiToken}
          onChange={(event) => setApiToken(event.target.value)}
          aria-describedby="graphiql-api-token-hint"
        />
        <span id="graphiql-api-token-hint">
          {apiToken.trim()
            ? 'Anfragen senden Authorization: Bearer … und keine Cookies.'
            : `Leer: Ihre Anmeldung gilt. Oder im Header-Editor: ${HEADERS_EXAMPLE.replace(/\s+/g, ' ')}`}
        </span>
      </form>
      <div className="graphiql-editor">
        <GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} />
      </div>
    </div>
  );
}

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <Playground />
  </StrictMode>,
);
