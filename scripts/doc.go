// Package scripts holds the shell scripts of the repository (setup
// installs what vouch's default run uses) and the tests that run them.
package scripts
