// Package plan holds plans: journeys of browser steps that prove requirements.
package plan
