// Node-RED 5.0.7 settings for the field corpus (claim/testdata/field/README.md).
// The test copies this file and nodered-flows.json into a temporary user
// directory and starts `node-red --settings DIR/settings.js --userDir DIR
// --port PORT`. Everything stays on 127.0.0.1 and nothing reaches the
// network: no telemetry or update check, no palette catalogue, no npm
// installs, no projects, no tours.
module.exports = {
    uiHost: "127.0.0.1",
    uiPort: process.env.PORT || 1880,
    userDir: __dirname,
    flowFile: "flows.json",
    flowFilePretty: true,
    credentialSecret: false,

    // The editor and admin API: anyone may look (read-only), the user
    // admin (password flowfield23) may change things.
    adminAuth: {
        type: "credentials",
        users: [{
            username: "admin",
            password: "$2b$08$e7qWOcmlXnd4/MsV9TCug.2mtCxtmJJ6GyB4oQhZBTonahGSapKeS",
            permissions: "*"
        }],
        default: {
            permissions: "read"
        }
    },

    diagnostics: { enabled: true, ui: true },
    runtimeState: { enabled: false, ui: false },
    telemetry: { enabled: false, updateNotification: false },
    logging: { console: { level: "info", metrics: false, audit: false } },
    exportGlobalContextKeys: false,

    externalModules: {
        autoInstall: false,
        palette: { allowInstall: false, allowUpdate: false, allowUpload: false },
        modules: { allowInstall: false }
    },

    editorTheme: {
        tours: false,
        palette: { catalogues: [] },
        projects: { enabled: false },
        codeEditor: { lib: "monaco" },
        markdownEditor: { mermaid: { enabled: true } },
        multiplayer: { enabled: false }
    },

    functionExternalModules: false,
    functionTimeout: 0,
    debugMaxLength: 1000
};
