// Go recipe: the conformance kit's reference server as the GitLab of a client's tests. TestMain
// starts one server for the package (`npx conformance serve --port 0 --data testdata/seed.json`),
// reads its URL from the ready line on stdout and stops its process group at the end; reset(t)
// returns it to the seeded state. docs/reference-server.md shows this file from its package line
// on as the recipe; src/ecosystem/go-gitlab/recipe.test.ts runs it.
//
//	func TestMe(t *testing.T) {
//		reset(t)
//		client, _ := gitlab.NewClient("amy-token-1234", gitlab.WithBaseURL(gitlabURL))
//	}
package client_test

import (
	"bufio"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"syscall"
	"testing"
)

const adminToken = "admin-token-for-tests"

// Optional, what your client's retries must survive: a quarter of GET /users/:id answers 429 (Retry-After: 1),
// a quarter of GET /groups/:id 429 (RateLimit-Reset: a second ahead), every GET of a project's variables 500.
const opsFaults = "429=1@GET /users/:id:0.25,429-reset=1@GET /groups/:id:0.25,500@GET /projects/:id/variables"

var gitlabURL string

func TestMain(m *testing.M) {
	server := exec.Command("npx", "conformance", "serve", "--port", "0", "--admin-token", adminToken,
		"--data", "testdata/seed.json", "--ops-faults", opsFaults)
	server.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its own group: npx does not pass a signal on
	stdout, err := server.StdoutPipe()
	if err != nil {
		panic(err)
	}
	if err := server.Start(); err != nil {
		panic(err)
	}
	// "Reference server listening on http://127.0.0.1:PORT (API at http://127.0.0.1:PORT/api/v4)"
	ready, _ := bufio.NewReader(stdout).ReadString('\n')
	found := regexp.MustCompile(`listening on (http://\S+)`).FindStringSubmatch(ready)
	if found == nil {
		syscall.Kill(-server.Process.Pid, syscall.SIGKILL)
		panic("the reference did not start: " + ready)
	}
	gitlabURL = found[1]
	code := m.Run()
	syscall.Kill(-server.Process.Pid, syscall.SIGTERM)
	server.Wait()
	os.Exit(code)
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
