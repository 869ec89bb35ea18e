package auth_test

import (
	"fmt"

	"github.com/vouchdev/vouch/auth"
)

func ExampleGenerateKey() {
	k, err := auth.GenerateKey()
	if err != nil {
		panic(err)
	}
	// Show k.Secret once; store only k.Hash and k.Prefix.
	fmt.Println(len(k.Secret), k.Prefix[:4], auth.CheckKey(k.Secret) == nil, auth.CheckKey(k.Secret+"x") == nil)
	// Output: 40 vch_ true false
}
