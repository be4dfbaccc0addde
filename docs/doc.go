// Package docs holds Hedgerow's documentation pages (Markdown, one subject
// a page) and the test that keeps their links and the README's working.
// It has no code of its own.
package docs
