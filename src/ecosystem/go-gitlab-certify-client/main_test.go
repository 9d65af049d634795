// Go recipe for `conformance certify-client`: the kit starts its strict reference, runs `go test`
// against it and judges every request go-gitlab sends. The server root and an administrator's token
// come from the environment; reset(t) returns the server to the seeded state. docs/certify-client.md
// shows this file from its package line on as the recipe; recipe.test.ts beside it runs it:
//
//	npx conformance certify-client --data testdata/seed.json -- go test ./...
package client_test

import (
	"fmt"
	"net/http"
	"os"
	"testing"
)

// Set by certify-client: the server root (what gitlab.WithBaseURL takes) and an administrator's token.
var gitlabURL, adminToken = os.Getenv("CONFORMANCE_CLIENT_URL"), os.Getenv("CONFORMANCE_CLIENT_TOKEN")

func TestMain(m *testing.M) {
	if gitlabURL == "" || adminToken == "" {
		fmt.Println("run under: npx conformance certify-client --data testdata/seed.json -- go test ./...")
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// reset returns the server to the seeded state (rows, id sequences, clock); call it first in each test.
func reset(t *testing.T) {
	request, _ := http.NewRequest("POST", gitlabURL+"/-/reference/reset", nil)
	request.Header.Set("PRIVATE-TOKEN", adminToken)
	answer, err := http.DefaultClient.Do(request)
	if err != nil {
		t.Fatal("reset: ", err)
	}
	answer.Body.Close()
	if answer.StatusCode != http.StatusOK {
		t.Fatal("reset: ", answer.Status)
	}
}
