package webhook_test

import (
	"fmt"
	"time"

	"github.com/vouchdev/vouch/webhook"
)

// Sign computes the webhook-signature header a receiver checks: "v1," and
// the base64 HMAC-SHA256 of "id.timestamp.body" keyed with the secret.
func ExampleSign() {
	secret := "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	ts := time.Unix(1614265330, 0)
	sig, err := webhook.Sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", ts, []byte(`{"test": 2432232314}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(sig)
	// Output: v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=
}
