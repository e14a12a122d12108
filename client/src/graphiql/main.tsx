// Monaco's workers first: the editors look for MonacoEnvironment when they start (GraphiQL's documented Vite setup).
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './graphiql.css';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetcher } from './fetcher';

const defaultQuery = `# GraphQL-Playground der Buchungsplattform.
# Ihre Anmeldung aus der Anwendung gilt auch hier.

query Ich {
  me {
    user { id firstName lastName }
    permissions { instanceOwner allowCreateTenant }
  }
}
`;

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} />
  </StrictMode>,
);
