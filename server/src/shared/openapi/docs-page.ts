/**
 * The reference page at /api/docs: its HTML, its start script and its stylesheet. Swagger UI comes
 * unchanged from swagger-ui-dist; what its markup lacks for WCAG 2.1 AA is added here, through its
 * plugin system and a stylesheet loaded after its own, so the page passes the same axe check as
 * every other screen. Script and stylesheet are files (the Content-Security-Policy allows no inline
 * script).
 */

/**
 * The start script. Its plugin changes these things of Swagger UI's rendering:
 * - the operation summary is one button; the deep link around the path inside it would be a link
 *   nested in that button, so the path is rendered without the link's target (a link without href
 *   is plain text). Opening an operation still writes its deep link into the address bar.
 * - the selects of enum and boolean fields have no label; each is wrapped in a label that names the
 *   field (JsonSchemaForm receives the field's name as `description` and hands it on by context).
 * - a code block that scrolls must be reachable by keyboard: each sits in a focusable, named region,
 *   which scrolls instead of the block (docs.css).
 * - the authorize dialog's close icon button gets a name ("Schließen"), and its "Authorize" and
 *   "Logout" buttons are named by their visible text, not by a differing aria-label.
 * - the "obsidian" colours of the syntax highlighting keep 4.5:1 on their background for JSON
 *   (the default "agate" shows numbers at 3.45:1).
 */
export const DOCS_INIT_SCRIPT = `'use strict';

function accessibleSwaggerUi(system) {
  var React = system.React;
  var h = React.createElement;
  var FieldName = React.createContext('');
  return {
    wrapComponents: {
      OperationSummaryPath: function (Original) {
        return function OperationSummaryPathWithoutLink(props) {
          var operationProps = props.operationProps.set('isDeepLinkingEnabled', false);
          return h(Original, Object.assign({}, props, { operationProps: operationProps }));
        };
      },
      JsonSchemaForm: function (Original) {
        return function JsonSchemaFormNamingItsField(props) {
          return h(FieldName.Provider, { value: props.description || '' }, h(Original, props));
        };
      },
      Select: function (Original) {
        return function LabelledSelect(props) {
          var name = React.useContext(FieldName);
          if (!name) return h(Original, props);
          return h('label', { className: 'field-select' }, h('span', { className: 'visually-hidden' }, name), h(Original, props));
        };
      },
      CloseIcon: function (Original) {
        return function NamedCloseIcon(props) {
          return h(Original, Object.assign({}, props, { 'aria-hidden': undefined, role: 'img', 'aria-label': 'Schließen' }));
        };
      },
      Button: function (Original) {
        return function ButtonNamedByItsText(props) {
          var text = typeof props.children === 'string' ? props.children : '';
          if (!text || !props['aria-label'] || props['aria-label'].indexOf(text) !== -1) return h(Original, props);
          return h(Original, Object.assign({}, props, { 'aria-label': undefined }));
        };
      },
      SyntaxHighlighter: function (Original) {
        return function ScrollableCode(props) {
          return h('div', { className: 'code-scroll-region', tabIndex: 0, role: 'region', 'aria-label': 'Codebeispiel' }, h(Original, props));
        };
      }
    }
  };
}

window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [accessibleSwaggerUi],
    layout: 'BaseLayout',
    tryItOutEnabled: false,
    persistAuthorization: false,
    withCredentials: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    docExpansion: 'list',
    filter: true,
    syntaxHighlight: { activated: true, theme: 'obsidian' }
  });
  // Swagger UI's server choice is a select inside an empty label: it gets its name once rendered.
  new MutationObserver(function () {
    var servers = document.getElementById('servers');
    if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
  }).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
});
`;

/**
 * Loaded after swagger-ui.css: colours that keep 4.5:1 (WCAG AA) against what they stand on, where
 * Swagger UI's own do not (white on its light method badges, version stamps, the authorize and
 * execute buttons, the download button of a response, grey parameter hints, deprecated operations
 * faded to 60 %). The dark mode's own
 * rules are more specific and stay as they are.
 */
export const DOCS_STYLESHEET = `.visually-hidden {
  position: absolute !important;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}

.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f69c0; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #17794a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a4d00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b71c1c; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #00786b; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #7a10d8; }
.swagger-ui .opblock.opblock-custom .opblock-summary-method { background: #6e5f14; }

/* Deprecated operations: struck through and grey, but legible instead of faded. */
.swagger-ui .opblock.opblock-deprecated { opacity: 1; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-method { background: #5f6368; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-path__deprecated,
.swagger-ui .opblock.opblock-deprecated .opblock-summary-description { color: #5f6368; }

.swagger-ui .info .title small { background: #555b66; }
.swagger-ui .info .title small.version-stamp { background-color: #2f6b00; }
.swagger-ui .info a { color: #1f69c0; }
.swagger-ui .info a:hover { color: #0b4a8f; }

.swagger-ui .btn.authorize { border-color: #17794a; color: #17794a; }
.swagger-ui .btn.authorize svg { color: #17794a; }
.swagger-ui .btn.cancel { border-color: #c62828; color: #c62828; }
.swagger-ui .btn.execute { background-color: #1f69c0; border-color: #1f69c0; }

.swagger-ui .parameter__in,
.swagger-ui .parameter__extension { color: #595959; }
.swagger-ui .parameter__deprecated { color: #c00000; }
.swagger-ui .response-col_status .response-undocumented { color: #666666; }
.swagger-ui .download-contents { background: #555b66; }

/* The region around a code block scrolls (and takes the focus) in place of the block itself. */
.swagger-ui .code-scroll-region { max-height: 400px; overflow-y: auto; border-radius: 4px; }
.swagger-ui .code-scroll-region > pre { max-height: none; overflow: visible !important; }
.swagger-ui .highlight-code .code-scroll-region > .microlight { min-height: 6em; }
.swagger-ui .code-scroll-region:focus-visible { outline: 3px solid #1f69c0; outline-offset: 2px; }
`;

/** The page: German title and language; Swagger UI's own controls stay English. */
export const DOCS_PAGE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API-Referenz – Buchungsplattform</title>
    <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/assets/docs.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/init.js"></script>
  </body>
</html>
`;
