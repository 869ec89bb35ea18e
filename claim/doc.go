// Package claim is vouch's claim language: it reads one sentence about a
// deployed web app, as people write it, and derives the requirements a
// person approves and the plan (package plan) that proves them — or
// refuses the claim with a reason and rephrasings that keep its meaning.
//
// The pieces, in the order a claim meets them: the lexer (claim_lex.go)
// splits words, quoted texts, paths and numbers; the vocabulary
// (claim_vocab.go) names the words the rules know; the parser and rules
// (claim_parse.go, claim_rules.go, claim_refs.go) read pages, actions
// and checks; when no rule reads a claim, the compositional reader
// (compose.go) reads it as [where] [actions in order] [outcomes] from verb,
// target and state tables, every word accounted for; derive.go assembles
// journeys and traces every requirement to the assertions that prove it; derive_refuse.go says why a claim is
// refused and offers rephrasings. Derive is deterministic and touches no
// network, browser or model; docs/claims.md describes the language.
package claim
