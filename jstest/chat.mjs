// Drives vouch's chat endpoint with the official openai npm client, as any
// OpenAI-compatible application would. Run by chat/openai_node_test.go:
//
//   VOUCH_URL=http://127.0.0.1:PORT VOUCH_KEY=vch_... node jstest/chat.mjs converse
//   VOUCH_URL=... VOUCH_KEY=... node jstest/chat.mjs say "run pln_..."
//
// It prints one JSON object with what it saw; the Go test checks it.
import OpenAI from "openai";

const base = process.env.VOUCH_URL + "/api/v1";
const client = new OpenAI({ baseURL: base, apiKey: process.env.VOUCH_KEY, maxRetries: 0, timeout: 60_000 });

// streamed collects a streamed answer through the client's own SSE parser.
async function streamed(messages, options) {
  const stream = await client.chat.completions.create({ model: "vouch", messages, stream: true, stream_options: { include_usage: true } }, options);
  let content = "", role = "", finish = [], chunks = 0, usage = null, objects = new Set(), ids = new Set();
  for await (const chunk of stream) {
    chunks++;
    objects.add(chunk.object);
    ids.add(chunk.id);
    if (chunk.usage) usage = chunk.usage;
    for (const c of chunk.choices) {
      if (c.delta.role) role = c.delta.role;
      if (c.delta.content) content += c.delta.content;
      if (c.finish_reason) finish.push(c.finish_reason);
    }
  }
  return { content, role, finish, chunks, usage, objects: [...objects], ids: ids.size };
}

// failure returns what the client's error says about a refused request.
async function failure(fn) {
  try {
    await fn();
    return { thrown: false };
  } catch (e) {
    return { thrown: true, name: e.constructor.name, status: e.status, code: e.error?.code ?? e.code, field: e.error?.field, requestId: e.error?.request_id, header: e.headers?.get?.("x-request-id"), type: e.type, param: e.param };
  }
}

async function converse() {
  const ask = [{ role: "system", content: "You are helpful." }, { role: "user", content: "verify that " + process.env.TARGET_URL + " shows 'Welcome to testapp'" }];
  // The documented path, POST /api/v1/chat, not streamed.
  const plain = await client.chat.completions.create({ model: "vouch", messages: ask }, { path: "/chat" });
  const planId = (plain.choices[0].message.content.match(/pln_[a-z0-9]+/) || [])[0];
  const followUp = [...ask, { role: "assistant", content: plain.choices[0].message.content }, { role: "user", content: "what is the status of it?" }];
  // Streamed, on the documented path and on /chat/completions (the path
  // the client calls by default).
  const streamDoc = await streamed(followUp, { path: "/chat" });
  const streamDefault = await streamed(followUp);
  const badKey = new OpenAI({ baseURL: base, apiKey: "vch_" + "A".repeat(36), maxRetries: 0 });
  // The models list chat UIs read first, and the developer role newer
  // clients send in place of system.
  const models = [];
  for await (const m of client.models.list()) models.push({ id: m.id, object: m.object, ownedBy: m.owned_by });
  const dev = await client.chat.completions.create({ model: "vouch", messages: [{ role: "developer", content: "Answer briefly." }, { role: "user", content: "help" }] });
  return {
    models,
    developer: dev.choices[0].message.content.length > 0,
    plain: { object: plain.object, id: plain.id, role: plain.choices[0].message.role, finish: plain.choices[0].finish_reason, content: plain.choices[0].message.content, usage: plain.usage },
    planId,
    streamDoc,
    streamDefault,
    errors: {
      badKey: await failure(() => badKey.chat.completions.create({ model: "vouch", messages: [{ role: "user", content: "hi" }] })),
      badRole: await failure(() => client.chat.completions.create({ model: "vouch", messages: [{ role: "user", content: "hi" }, { role: "wizard", content: "x" }] })),
      badRoleStream: await failure(() => client.chat.completions.create({ model: "vouch", stream: true, messages: [{ role: "oracle", content: "x" }] })),
    },
  };
}

async function say(text) {
  const plain = await client.chat.completions.create({ model: "vouch", messages: [{ role: "user", content: text }] }, { path: "/chat" });
  const stream = await streamed([{ role: "user", content: "status of " + ((plain.choices[0].message.content.match(/ver_[a-z0-9]+/) || [""])[0]) }]);
  return { content: plain.choices[0].message.content, status: stream.content };
}

const [cmd, arg] = process.argv.slice(2);
const out = cmd === "say" ? await say(arg) : await converse();
process.stdout.write(JSON.stringify(out) + "\n");
